import BooksTrackCore
import Plot

/// The hidden field every state-changing form carries (checked by ``CSRFMiddleware``).
struct CSRFField: Component {
    let token: String

    var body: Component { Tag.void("input", .type("hidden"), .name(CSRFMiddleware.fieldName), .value(token)) }
}

/// A form that changes something: POST with the CSRF field.
struct PostForm: Component {
    let action: String
    let csrfToken: String
    var multipart = false
    var cls: String?
    /// More attributes of the form element (`data-image` of a share form).
    var attributes: [Attr] = []
    let content: Component

    init(
        action: String, csrfToken: String, multipart: Bool = false, cls: String? = nil, attributes: [Attr] = [],
        @ComponentBuilder content: () -> Component
    ) {
        self.action = action
        self.csrfToken = csrfToken
        self.multipart = multipart
        self.cls = cls
        self.attributes = attributes
        self.content = content()
    }

    var body: Component {
        Tag.with(
            "form",
            [
                Attr("method", "post"), Attr("action", action), Attr("enctype", multipart ? "multipart/form-data" : nil),
                Attr("class", cls),
            ] + attributes
        ) {
            CSRFField(token: csrfToken)
            content
        }
    }
}

/// The list of a form's problems at its top, each linking to its field.
struct ErrorSummary: Component {
    let errors: FieldErrors
    let order: [String]
    var labels: [String: String] = [:]

    var body: Component {
        Tag("div", .cls("error-summary"), Attr("role", "alert"), Attr("tabindex", "-1"), .id("error-summary")) {
            Tag(
                "h2",
                text: errors.messages.count == 1
                    ? "One field needs another look" : "\(errors.messages.count) fields need another look")
            Tag("ul") {
                for name in order where errors[name] != nil {
                    Tag("li") {
                        Tag("a", .href("#field-\(name)"), text: "\(labels[name] ?? name): \(errors[name] ?? "")")
                    }
                }
            }
        }
    }
}

/// A labelled input with its hint and error.
struct Field: Component {
    enum Control {
        case text(type: String = "text", value: String?, attributes: [Attr] = [])
        case textArea(value: String?, rows: Int = 4)
        case select(options: [(value: String, label: String)], selected: String?)
        case checkbox(checked: Bool)
    }

    let name: String
    let label: String
    let control: Control
    var hint: String?
    var error: String?
    var required = false

    var body: Component {
        let id = "field-\(name)"
        let describedBy = [hint == nil ? nil : "\(id)-hint", error == nil ? nil : "\(id)-error"].compactMap { $0 }.joined(
            separator: " ")
        var common: [Attr] = [.id(id), .name(name), .aria("describedby", describedBy.isEmpty ? nil : describedBy)]
        if error != nil { common.append(.aria("invalid", "true")) }
        if required { common.append(.flag("required")) }
        let isCheckbox: Bool = if case .checkbox = control { true } else { false }
        return Tag("div", .cls(isCheckbox ? "field field-checkbox" : "field")) {
            if isCheckbox { control(common) }
            Tag("label", Attr("for", id)) {
                Txt(label)
                if required { Tag("span", .cls("required"), .aria("hidden", "true"), text: " (required)") }
            }
            if let hint { Tag("p", .cls("hint"), .id("\(id)-hint"), text: hint) }
            if let error { Tag("p", .cls("field-error"), .id("\(id)-error"), text: error) }
            if !isCheckbox { control(common) }
        }
    }

    private func control(_ common: [Attr]) -> Component {
        switch control {
        case .text(let type, let value, let attributes):
            return Tag.void("input", [.type(type), .value(value)] + common + attributes)
        case .textArea(let value, let rows):
            return Tag.with("textarea", common + [Attr("rows", String(rows))]) { Txt(value ?? "") }
        case .select(let options, let selected):
            return Tag.with("select", common) {
                for option in options {
                    Tag.with("option", [.value(option.value), .flag("selected", option.value == (selected ?? ""))]) {
                        Txt(option.label)
                    }
                }
            }
        case .checkbox(let checked):
            return Tag.void("input", [.type("checkbox"), .value("on"), .flag("checked", checked)] + common)
        }
    }
}

import BooksTrackCharts
import Plot

/// HTML escaping done here, once, for every piece of reader or file data a page shows.
///
/// Plot escapes text but keeps anything that looks like an entity (`&lt;` stays `&lt;`), and
/// it writes attribute values as given. A title may legitimately contain `&amp;`, `"` or
/// `<script>`, so pages never hand reader text to Plot directly: they use ``Txt`` and ``Tag``,
/// which escape everything.
enum HTMLEscaping {
    /// Text between tags: `&`, `<` and `>` escaped.
    static func text(_ string: String) -> String { Markup.escape(string, quotes: false) }

    /// An attribute value: quotes escaped too.
    static func attribute(_ string: String) -> String { Markup.escape(string, quotes: true) }
}

/// Text, fully escaped.
struct Txt: Component {
    let string: String

    init(_ string: String) { self.string = string }

    var body: Component { Node<Any>.raw(HTMLEscaping.text(string)) }
}

/// An attribute of a ``Tag``: a value (escaped when rendered) or a boolean flag.
struct Attr {
    let name: String
    let value: String?
    let isFlag: Bool

    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
        self.isFlag = false
    }

    private init(flag name: String, on: Bool) {
        self.name = name
        self.value = on ? "" : nil
        self.isFlag = true
    }

    static func flag(_ name: String, _ on: Bool = true) -> Attr { Attr(flag: name, on: on) }
    static func cls(_ value: String) -> Attr { Attr("class", value) }
    static func id(_ value: String) -> Attr { Attr("id", value) }
    static func href(_ value: String?) -> Attr { Attr("href", value) }
    static func aria(_ name: String, _ value: String?) -> Attr { Attr("aria-\(name)", value) }
    static func name(_ value: String) -> Attr { Attr("name", value) }
    static func value(_ value: String?) -> Attr { Attr("value", value) }
    static func type(_ value: String) -> Attr { Attr("type", value) }

    /// The Plot attribute, its value escaped; `nil` for an absent value or an unset flag.
    var plotAttribute: Attribute<Any>? {
        guard let value else { return nil }
        return Attribute<Any>(name: name, value: isFlag ? nil : HTMLEscaping.attribute(value), ignoreIfValueIsEmpty: false)
    }
}

/// Any HTML element, its attributes escaped. Pages are built from these and ``Txt``.
struct Tag: Component {
    let name: String
    let attributes: [Attr]
    let content: Component?
    let selfClosing: Bool

    init(_ name: String, _ attributes: Attr..., @ComponentBuilder content: () -> Component) {
        self.name = name
        self.attributes = attributes
        self.content = content()
        self.selfClosing = false
    }

    init(_ name: String, _ attributes: Attr..., text: String) {
        self.name = name
        self.attributes = attributes
        self.content = Txt(text)
        self.selfClosing = false
    }

    private init(name: String, attributes: [Attr]) {
        self.name = name
        self.attributes = attributes
        self.content = nil
        self.selfClosing = true
    }

    /// An element without content (`<input>`, `<meta>`, `<link>`).
    static func void(_ name: String, _ attributes: Attr...) -> Tag { Tag(name: name, attributes: attributes) }

    /// An element whose attributes are decided at run time.
    static func with(_ name: String, _ attributes: [Attr], @ComponentBuilder content: () -> Component) -> Tag {
        Tag(name: name, attributes: attributes, content: content())
    }

    /// An element without content whose attributes are decided at run time.
    static func void(_ name: String, _ attributes: [Attr]) -> Tag { Tag(name: name, attributes: attributes) }

    private init(name: String, attributes: [Attr], content: Component) {
        self.name = name
        self.attributes = attributes
        self.content = content
        self.selfClosing = false
    }

    var body: Component {
        let attributes = attributes.compactMap(\.plotAttribute)
        if selfClosing { return Node<Any>.selfClosedElement(named: name, attributes: attributes) }
        return Node<Any>.element(named: name, nodes: attributes.map(\.node) + [.component(content ?? EmptyComponent())])
    }
}

/// Markup made by our own code (the SVG charts, which escape everything they are given).
struct Raw: Component, HTMLWritable {
    let html: String

    init(_ html: String) { self.html = html }

    var body: Component { Node<Any>.raw(html) }

    func write(to out: inout String) { out += html }
}

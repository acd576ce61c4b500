import BooksTrackApp
import BooksTrackCore
import Plot

/// Set-up, sign-in and invitation pages: the only pages someone not signed in sees.
enum AuthPages {
    struct Values {
        var name = ""
        var displayName = ""
        /// The primary reading language's code: proposed from the browser, or as sent.
        var language = ""
    }

    /// What the set-up form shows.
    struct SetupModel {
        var owner: User?
        var values: Values = Values()
        var errors: FieldErrors = FieldErrors()
    }

    static func setup(page: PageContext, model: SetupModel) -> String {
        let (owner, values, errors) = (model.owner, model.values, model.errors)
        return Layout.document(title: "Set up", page: page) {
            Tag("div", .cls("narrow")) {
                if let owner {
                    Tag("h1", text: "Choose a password for \(owner.displayName)")
                    Tag("p") {
                        Txt("The account “\(owner.name)” was created on the command line and has no password yet. ")
                        Txt("Choose one to sign in; you can invite more readers afterwards.")
                    }
                } else {
                    Tag("h1", text: "Set up BooksTrack")
                    Tag(
                        "p",
                        text: "You are the first one here, so you create the owner account. The owner can invite more readers.")
                }
                if !errors.isEmpty {
                    ErrorSummary(errors: errors, order: newAccountFields, labels: labels)
                }
                PostForm(action: "/setup", csrfToken: page.csrfToken, cls: "stack") {
                    if owner == nil {
                        nameFields(values: values, errors: errors)
                    }
                    passwordFields(errors: errors, newPassword: true)
                    languageField(values: values, errors: errors)
                    Tag(
                        "button", .type("submit"),
                        text: owner == nil ? "Create the owner account" : "Save the password and sign in")
                }
            }
        }
    }

    /// What the sign-in form shows.
    struct LoginModel {
        var name: String = ""
        var next: String
        var error: String? = nil
        /// Whether anyone may create an account here (the owner's choice).
        var registrationOpen = false
    }

    static func login(page: PageContext, model: LoginModel) -> String {
        let (name, next, error) = (model.name, model.next, model.error)
        return Layout.document(title: "Sign in", page: page) {
            Tag("div", .cls("narrow")) {
                Tag("h1", text: "Sign in")
                if let error { Tag("p", .cls("form-error"), Attr("role", "alert"), text: error) }
                PostForm(action: "/login", csrfToken: page.csrfToken, cls: "stack") {
                    Tag.void("input", .type("hidden"), .name("next"), .value(next))
                    Field(
                        name: "name", label: "Name", control: .text(value: name, attributes: [Attr("autocomplete", "username")]),
                        required: true)
                    Field(
                        name: "password", label: "Password",
                        control: .text(type: "password", value: nil, attributes: [Attr("autocomplete", "current-password")]),
                        required: true)
                    Tag("button", .type("submit"), text: "Sign in")
                }
                if model.registrationOpen {
                    Tag("p", .cls("aside")) {
                        Txt("New here? ")
                        Tag("a", .href("/register"), text: "Create an account")
                    }
                } else {
                    Tag("p", .cls("aside"), text: "New here? Ask the owner of this BooksTrack for an invitation link.")
                }
            }
        }
    }

    /// What the invitation form shows.
    struct InvitationModel {
        var token: String
        var values: Values = Values()
        var errors: FieldErrors = FieldErrors()
    }

    static func invitation(page: PageContext, model: InvitationModel)
        -> String
    {
        join(
            page: page, action: "/invite/\(model.token)",
            intro: "You were invited to keep your reading here. Choose a name and a password.", values: model.values,
            errors: model.errors)
    }

    /// Open registration's form (when the owner allows it).
    static func registration(page: PageContext, values: Values = Values(), errors: FieldErrors = FieldErrors())
        -> String
    {
        join(
            page: page, action: "/register",
            intro: "Anyone may keep their reading on this BooksTrack. Choose a name and a password.", values: values,
            errors: errors)
    }

    static func join(page: PageContext, action: String, intro: String, values: Values, errors: FieldErrors) -> String {
        Layout.document(title: "Join BooksTrack", page: page) {
            Tag("div", .cls("narrow")) {
                Tag("h1", text: "Join BooksTrack")
                Tag("p", text: intro)
                if !errors.isEmpty {
                    ErrorSummary(errors: errors, order: newAccountFields, labels: labels)
                }
                PostForm(action: action, csrfToken: page.csrfToken, cls: "stack") {
                    nameFields(values: values, errors: errors)
                    passwordFields(errors: errors, newPassword: true)
                    languageField(values: values, errors: errors)
                    Tag("button", .type("submit"), text: "Create my account")
                }
            }
        }
    }

    /// A new account's fields, in the order the forms show them (and their error summaries name them).
    static let newAccountFields = ["name", "display_name", "password", "confirmation", "primary_language"]

    static let labels = [
        "name": "Name", "display_name": "Display name", "password": "Password", "confirmation": "Password again",
        "current_password": "Current password", "primary_language": "Language you read in most",
    ]

    /// The primary reading language, proposed from the browser's (issue 40 item 4): the
    /// translation axis counts from the first book instead of waiting for a setting.
    static func languageField(values: Values, errors: FieldErrors) -> Component {
        Field(
            name: "primary_language", label: "Language you read in most",
            control: .select(
                options: Choices.languages(any: "Not set"), selected: values.language.isEmpty ? nil : values.language),
            hint:
                "Proposed from your browser. A book whose edition language is unknown is taken as read in it when telling what you read in translation; change it any time on your account page.",
            error: errors["primary_language"])
    }

    static func nameFields(values: Values, errors: FieldErrors) -> Component {
        ComponentGroup {
            Field(
                name: "name", label: "Name", control: .text(value: values.name, attributes: [Attr("autocomplete", "username")]),
                hint: "What you sign in with: letters, digits, dots, dashes or underscores.", error: errors["name"],
                required: true)
            Field(
                name: "display_name", label: "Display name",
                control: .text(value: values.displayName, attributes: [Attr("autocomplete", "name")]),
                hint: "How BooksTrack greets you (optional).", error: errors["display_name"])
        }
    }

    static func passwordFields(errors: FieldErrors, newPassword: Bool) -> Component {
        ComponentGroup {
            Field(
                name: "password", label: newPassword ? "Password" : "New password",
                control: .text(
                    type: "password", value: nil, attributes: [Attr("autocomplete", "new-password"), Attr("minlength", "10")]),
                hint: "\(Passwords.minimumLength) to \(Passwords.maximumBytes) characters (fewer with accents or other scripts).",
                error: errors["password"], required: true)
            Field(
                name: "confirmation", label: "Password again",
                control: .text(type: "password", value: nil, attributes: [Attr("autocomplete", "new-password")]),
                error: errors["confirmation"], required: true)
        }
    }
}

/// The page of an error that is not a form problem.
enum ErrorPage {
    static func render(_ error: WebError, page: PageContext, requestID: String? = nil) -> String {
        Layout.document(title: error.title, page: page) {
            Tag("div", .cls("narrow error-page")) {
                Tag("h1", text: error.title)
                Tag("p", text: error.detail)
                if let requestID, error.status.code >= 500 {
                    // What a self-hoster finds in the log (`hb.request.id`) when a reader reports this.
                    Tag("p", .cls("muted"), text: "Reference: \(requestID)")
                }
                Tag("p", .cls("actions")) {
                    if page.user != nil {
                        ButtonLink(label: "Go to your library", href: "/library")
                        ButtonLink(label: "Home", href: "/", secondary: true)
                    } else {
                        ButtonLink(label: "Sign in", href: "/login")
                    }
                }
            }
        }
    }
}

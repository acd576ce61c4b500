import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The reader's account: password, API tokens, invitations, export, deletion.
enum AccountPage {
    struct Model {
        /// The reader as shown (with the settings they sent, when those could not be saved).
        var user: User
        var tokens: [APIToken]
        /// A token just created, shown this once.
        var newToken: (name: String, token: String)?
        /// An invitation link just created, shown this once.
        var newInvitation: String?
        var passwordErrors = FieldErrors()
        var tokenError: String?
        var settingsErrors = FieldErrors()
        /// What the reader typed, shown again when it could not be saved.
        var settingsValues: [String: String] = [:]
        var webhook: Webhook?
        /// Which kinds of notification the reader gets.
        var notificationPreferences = NotificationPreferences()
        /// Whether the owner lets webhooks reach this machine and local networks.
        var webhooksAllowPrivate = false
        /// Whether anyone may create an account (the owner's choice).
        var registrationOpen = false
        /// Why the typed webhook address could not be saved, with the text typed.
        var webhookError: (text: String, problem: String)?
        /// The reader's share links, newest first.
        var shareLinks: [ShareLink] = []
    }

    /// The account page: a card for each thing the reader can see or change about their account.
    static func render(page: PageContext, model: Model) -> String {
        let user = model.user
        return Layout.document(title: "Account", page: page) {
            Tag("h1", text: "Account")
            Bento {
                Card("You", id: "profile") {
                    Tag("dl", .cls("metadata")) {
                        MetadataRow("Name", user.name)
                        MetadataRow("Display name", user.displayName)
                        MetadataRow("Role", user.role == .owner ? "Owner of this BooksTrack" : "Reader")
                    }
                }
                Card("Change password", id: "password") { password(model.passwordErrors, csrfToken: page.csrfToken) }
                Card("Settings", span: .full, id: "settings") { settings(user: user, model: model, csrfToken: page.csrfToken) }
                Card("Notifications and reminders", span: .full, id: "notifications") {
                    notificationChoices(
                        model.notificationPreferences, timeZone: user.settings.timeZone, csrfToken: page.csrfToken)
                }
                Card("Notifications elsewhere", span: .full, id: "webhook") {
                    webhook(model, owner: user.role == .owner, csrfToken: page.csrfToken)
                }
                Card("API tokens", span: .full, id: "tokens") { tokens(model, csrfToken: page.csrfToken) }
                Card("Share links", span: .full, id: "shares") {
                    SharePages.list(model.shareLinks, csrfToken: page.csrfToken)
                }
                if user.role == .owner {
                    Card("Invite a reader", id: "invitations") { invitations(model, csrfToken: page.csrfToken) }
                }
                Card("Your data", id: "data") {
                    Tag("p", text: "Download everything you keep here, or leave for good.")
                    Tag("p", .cls("actions")) {
                        ButtonLink(label: "Download JSON backup", href: "/export?format=json", secondary: true)
                        ButtonLink(label: "Delete my account", href: "/account/delete", secondary: true)
                    }
                }
            }
        }
    }

    /// The password form: the current password, the new one twice, and whether to revoke every
    /// API token with it.
    private static func password(_ errors: FieldErrors, csrfToken: String) -> Component {
        ComponentGroup {
            if !errors.isEmpty {
                ErrorSummary(
                    errors: errors, order: ["current_password", "password", "confirmation"],
                    labels: AuthPages.labels)
            }
            PostForm(action: "/account/password", csrfToken: csrfToken, cls: "stack") {
                Field(
                    name: "current_password", label: "Current password",
                    control: .text(type: "password", value: nil, attributes: [Attr("autocomplete", "current-password")]),
                    error: errors["current_password"], required: true)
                AuthPages.passwordFields(errors: errors, newPassword: false)
                Field(
                    name: "end_tokens",
                    label: "Also revoke every API token (apps signed in with one must be set up again)",
                    control: .checkbox(checked: false))
                Tag("button", .type("submit"), text: "Change password")
            }
        }
    }

    /// The owner's say over who joins: an invitation link (shown once, just after it is made) and
    /// whether anyone may register.
    private static func invitations(_ model: Model, csrfToken: String) -> Component {
        ComponentGroup {
            Tag("p", text: "An invitation link lets one person create an account here. It works once, for 7 days.")
            if let link = model.newInvitation {
                Tag("p", .cls("secret"), Attr("role", "status")) {
                    Txt("Send this link to the person you invite: ")
                    Tag("code", .id("invitation-link"), text: link)
                }
            }
            PostForm(action: "/account/invitations", csrfToken: csrfToken) {
                Tag("button", .type("submit"), .cls("secondary"), text: "Create an invitation link")
            }
            PostForm(action: "/account/registration", csrfToken: csrfToken, cls: "stack") {
                Tag("div", .cls("field-checkbox")) {
                    Tag.void(
                        "input",
                        [
                            .type("checkbox"), .id("registration-open"), .name("open"), .value("on"),
                            .flag("checked", model.registrationOpen),
                        ])
                    Tag(
                        "label", Attr("for", "registration-open"),
                        text: "Anyone who reaches this BooksTrack may create an account (at /register)")
                }
                Tag("button", .type("submit"), .cls("secondary"), text: "Save who may join")
            }
        }
    }

    static let settingsLabels = [
        "primary_language": "Primary reading language", "time_zone": "Time zone",
        "underrepresented_regions": "Underrepresented regions", "palette": "Chart colours",
    ]

    /// The settings that change the insights: primary language, time zone, underrepresented
    /// regions and chart colours.
    private static func settings(user: User, model: Model, csrfToken: String) -> Component {
        let errors = model.settingsErrors
        return ComponentGroup {
            Tag("p", text: "These change the figures on your insights page, and the colours they are drawn in.")
            if !errors.isEmpty {
                ErrorSummary(
                    errors: errors, order: ["primary_language", "time_zone", "underrepresented_regions", "palette"],
                    labels: settingsLabels)
            }
            PostForm(action: "/account/settings", csrfToken: csrfToken, cls: "stack") {
                Field(
                    name: "primary_language", label: "Primary reading language",
                    control: .select(
                        options: Choices.languages(any: "Not set"), selected: user.settings.primaryLanguage?.code),
                    hint:
                        "A book whose edition language is unknown is assumed to be read in this language when deciding whether you read it in translation.",
                    error: errors["primary_language"])
                Field(
                    name: "time_zone", label: "Time zone",
                    control: .text(
                        value: model.settingsValues["time_zone"] ?? user.settings.timeZone,
                        attributes: [
                            Attr("list", "time-zones"), Attr("autocomplete", "off"),
                            Attr("placeholder", TimeZone.current.identifier),
                        ]),
                    hint: "Your reading days and “this year” are counted in it. A name such as Europe/London or Africa/Lagos.",
                    error: errors["time_zone"])
                Tag("datalist", .id("time-zones")) {
                    for zone in TimeZone.knownTimeZoneIdentifiers { Tag.void("option", .value(zone)) }
                }
                regionChoices(user.settings.underrepresentedRegions, error: errors["underrepresented_regions"])
                paletteChoices(user.settings.palette ?? .standard, error: errors["palette"])
                Tag("button", .type("submit"), text: "Save settings")
            }
        }
    }

    /// A checkbox per cultural region, ticked for the regions the reader counts as underrepresented.
    private static func regionChoices(_ underrepresented: Set<CulturalRegion>, error: String?) -> Component {
        Tag.with(
            "fieldset", [.id("field-underrepresented_regions"), .cls("field checkbox-grid")]
        ) {
            Tag("legend", text: "Underrepresented regions")
            Tag(
                "p", .cls("hint"),
                text:
                    "Authors from these regions count as marginalized voices, and the regions chart highlights them. The default is Africa, Indigenous, Middle East, South America and Central Asia; a reader in Lagos may choose differently from one in Leeds."
            )
            if let error { Tag("p", .cls("field-error"), text: error) }
            for region in CulturalRegion.allCases {
                Tag("label") {
                    Tag.void(
                        "input",
                        [
                            .type("checkbox"), .name("region_\(region.rawValue)"), .value("on"),
                            .flag("checked", underrepresented.contains(region)),
                        ])
                    Txt(" " + region.displayName)
                }
            }
        }
    }

    /// A radio button per chart palette, each with its swatches, name and what it is for.
    private static func paletteChoices(_ chosen: ChartPalette, error: String?) -> Component {
        Tag.with("fieldset", [.id("field-palette"), .cls("field palette-choice")]) {
            Tag("legend", text: "Chart colours")
            Tag(
                "p", .cls("hint"),
                text: "The colours of your charts, score and radar. Labels, patterns and tables stay the same in both.")
            if let error { Tag("p", .cls("field-error"), text: error) }
            for palette in ChartPalette.allCases {
                Tag("label") {
                    Tag.void(
                        "input",
                        [
                            .type("radio"), .name("palette"), .value(palette.rawValue),
                            .flag("checked", chosen == palette),
                        ])
                    Tag("span", .cls("palette-swatches palette-\(palette.rawValue)"), Attr("aria-hidden", "true")) {
                        for swatch in 0..<5 { Tag("span", .cls("palette-dot dot-\(swatch)")) { EmptyComponent() } }
                    }
                    Tag("span") {
                        Tag("strong", text: palette.displayName)
                        Txt(" — \(palette.hint)")
                    }
                }
            }
        }
    }

    /// A checkbox per kind of notification; reminders are off until turned on.
    private static func notificationChoices(_ preferences: NotificationPreferences, timeZone: String?, csrfToken: String)
        -> Component
    {
        PostForm(action: "/account/notifications", csrfToken: csrfToken, cls: "stack") {
            Tag("fieldset") {
                Tag("legend", text: "Tell me, in the notification centre and at my webhook")
                for kind in NotificationKind.allCases {
                    Tag("div", .cls("notification-choice")) {
                        Tag("div", .cls("field-checkbox")) {
                            Tag.void(
                                "input",
                                [
                                    .type("checkbox"), .id("kind-\(kind.rawValue)"), .name("kind_\(kind.rawValue)"),
                                    .value("on"), .flag("checked", preferences.allows(kind)),
                                    .aria("describedby", "kind-\(kind.rawValue)-hint"),
                                ])
                            Tag("label", Attr("for", "kind-\(kind.rawValue)"), text: kind.displayName)
                        }
                        Tag("p", .cls("hint"), .id("kind-\(kind.rawValue)-hint"), text: kind.explanation)
                    }
                }
            }
            Tag(
                "p", .cls("muted"),
                text: timeZone.map { "Reminders follow your time zone, \($0)." }
                    ?? "Reminders follow this server’s clock until you choose your time zone in Settings.")
            Tag("button", .type("submit"), text: "Save notifications")
        }
    }

    private static func webhook(_ model: Model, owner: Bool, csrfToken: String) -> Component {
        ComponentGroup {
            Tag("p") {
                Txt(
                    "BooksTrack can also send each notification — milestones, finished goals, achievements — to an address of yours, for example an "
                )
                Tag("a", .href("https://ntfy.sh"), text: "ntfy")
                Txt(" topic that your phone subscribes to. Only notifications from the moment you set it are sent.")
            }
            if let webhook = model.webhook {
                Tag("p", Attr("role", "status")) {
                    if let error = webhook.lastError {
                        Tag(
                            "span", .cls("form-error"),
                            text:
                                "The last delivery failed\(webhook.lastErrorAt.map { " on \(ImportPages.day($0))" } ?? ""): \(error). BooksTrack tries each notification \(Webhook.maxAttempts) times, waiting longer each time."
                        )
                    } else if let delivered = webhook.lastDeliveredAt {
                        Txt("Last sent \(ImportPages.day(delivered)).")
                    } else {
                        Txt("Nothing sent yet.")
                    }
                }
            }
            PostForm(action: "/account/webhook", csrfToken: csrfToken, cls: "inline-form") {
                Field(
                    name: "webhook_url", label: "Webhook address",
                    control: .text(
                        type: "url", value: model.webhookError?.text ?? model.webhook?.url,
                        attributes: [Attr("maxlength", "2000"), Attr("placeholder", "https://ntfy.sh/your-secret-topic")]),
                    hint: "Anyone who knows an ntfy topic can read it: choose a name nobody would guess. Leave empty to stop.",
                    error: model.webhookError?.problem)
                Tag("button", .type("submit"), text: "Save address")
            }
            if model.webhook != nil {
                PostForm(action: "/account/webhook/test", csrfToken: csrfToken) {
                    Tag("button", .type("submit"), .cls("secondary"), text: "Send a test notification")
                }
            }
            if owner {
                Tag("h3", text: "For everyone on this BooksTrack")
                Tag(
                    "p", .cls("hint"), .id("allow-private-hint"),
                    text:
                        "Readers’ webhooks can only go to public internet addresses, so nobody can use them to reach services inside your network. Allow this machine and local networks for an ntfy server you run next to BooksTrack."
                )
                PostForm(action: "/account/webhook/policy", csrfToken: csrfToken, cls: "stack") {
                    Tag("div", .cls("field-checkbox")) {
                        Tag.void(
                            "input",
                            [
                                .type("checkbox"), .id("allow-private"), .name("allow_private"), .value("on"),
                                .flag("checked", model.webhooksAllowPrivate), .aria("describedby", "allow-private-hint"),
                            ])
                        Tag("label", Attr("for", "allow-private"), text: "Let webhooks reach this machine and local networks")
                    }
                    Tag("button", .type("submit"), .cls("secondary"), text: "Save webhook rule")
                }
            }
        }
    }

    private static func tokens(_ model: Model, csrfToken: String) -> Component {
        ComponentGroup {
            Tag("p") {
                Txt("Tokens let scripts and the command line use your library through the ")
                Tag("a", .href("/api/openapi.json"), text: "API")
                Txt(
                    " (send it as “Authorization: Bearer TOKEN”). Anyone with a token can read and change your library; revoke the ones you no longer use."
                )
            }
            if let new = model.newToken {
                Tag("div", .cls("secret"), Attr("role", "status")) {
                    Tag("p", text: "Your new token “\(new.name)”. Copy it now: it is not shown again.")
                    Tag("code", .id("new-token"), text: new.token)
                }
            }
            if model.tokens.isEmpty {
                Tag("p", .cls("muted"), text: "You have no API tokens.")
            } else {
                Tag("ul", .cls("token-list")) {
                    for token in model.tokens {
                        Tag("li") {
                            Tag("span") {
                                Tag("strong", text: token.name)
                                Txt(" · created \(ImportPages.day(token.createdAt))")
                                Txt(token.lastUsedAt.map { " · last used \(ImportPages.day($0))" } ?? " · never used")
                            }
                            PostForm(action: "/account/tokens/\(token.id.string)/delete", csrfToken: csrfToken) {
                                Tag(
                                    "button", .type("submit"), .cls("secondary"), .aria("label", "Revoke \(token.name)"),
                                    text: "Revoke")
                            }
                        }
                    }
                }
            }
            PostForm(action: "/account/tokens", csrfToken: csrfToken, cls: "inline-form") {
                Field(
                    name: "token_name", label: "New token’s name",
                    control: .text(value: nil, attributes: [Attr("maxlength", "100")]),
                    hint: "What it is for, e.g. “backup script”.", error: model.tokenError, required: true)
                Tag("button", .type("submit"), text: "Create token")
            }
        }
    }

    static func confirmDeletion(page: PageContext, user: User, error: String? = nil) -> String {
        Layout.document(title: "Delete account", page: page) {
            Tag("div", .cls("narrow")) {
                Tag("h1", text: "Delete your account?")
                Tag(
                    "p",
                    text:
                        "This deletes your library, reading history, notes, goals, imports and API tokens, and signs you out everywhere. Facts you added about authors stay, without your name. It cannot be undone; download a backup first if you may want your data."
                )
                if user.role == .owner {
                    Tag("p", text: "You own this BooksTrack: you can delete your account only when no other reader uses it.")
                }
                if let error { Tag("p", .cls("form-error"), Attr("role", "alert"), text: error) }
                PostForm(action: "/account/delete", csrfToken: page.csrfToken, cls: "stack") {
                    Field(
                        name: "password", label: "Your password, to confirm",
                        control: .text(type: "password", value: nil, attributes: [Attr("autocomplete", "current-password")]),
                        required: true)
                    Tag("div", .cls("actions")) {
                        Tag("button", .type("submit"), .cls("danger"), text: "Delete my account and data")
                        ButtonLink(label: "Keep my account", href: "/account", secondary: true)
                    }
                }
            }
        }
    }
}

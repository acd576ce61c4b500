import BooksTrackApp
import BooksTrackCore
import Plot

/// The page shell: head, skip link, header with the navigation, main content, footer.
enum Layout {

    /// A page without the site's header and footer (the widget): the same head, one main.
    static func compact(
        title: String, page: PageContext, @ComponentBuilder content: () -> Component
    ) -> String {
        let html = root(page) {
            head(title: title, script: false)
            Tag("body", .cls("compact")) {
                Tag("main", .id("main")) { content() }
            }
        }
        return "<!DOCTYPE html>" + HTMLWriter.render(html)
    }

    /// Every page's head; the compact and shared pages need no script. `robots` keeps a page out
    /// of search engines ("noindex").
    /// `properties` are Open Graph `<meta property=… content=…>` pairs (a share link's preview).
    static func head(
        title: String, script: Bool = true, robots: String? = nil, properties: [(String, String)] = []
    ) -> Component {
        Tag("head") {
            Tag.void("meta", Attr("charset", "utf-8"))
            if let robots { Tag.void("meta", .name("robots"), Attr("content", robots)) }
            for (property, content) in properties {
                Tag.void("meta", Attr(property.hasPrefix("twitter:") ? "name" : "property", property), Attr("content", content))
            }
            Tag.void("meta", .name("viewport"), Attr("content", "width=device-width, initial-scale=1"))
            Tag.void("meta", .name("color-scheme"), Attr("content", "light dark"))
            Tag.void("meta", .name("theme-color"), Attr("content", "#0a58ca"))
            Tag("title", text: "\(title) · BooksTrack")
            Tag.void("link", Attr("rel", "stylesheet"), .href("/assets/app.css?v=\(Assets.version)"))
            Tag.void("link", Attr("rel", "icon"), .href("/assets/icon.svg"), .type("image/svg+xml"))
            Tag.void("link", Attr("rel", "manifest"), .href("/manifest.webmanifest"))
            if script {
                Tag("script", Attr("src", "/assets/app.js?v=\(Assets.version)"), .flag("defer")) { EmptyComponent() }
            }
        }
    }

    /// The root element: its language, and the reader's chart palette when not the standard one
    /// (`data-palette`, which app.css reads).
    static func root(_ page: PageContext, @ComponentBuilder content: () -> Component) -> Component {
        if let palette = page.user?.settings.palette {
            return Tag("html", Attr("lang", "en"), Attr("data-palette", palette.rawValue)) { content() }
        }
        return Tag("html", Attr("lang", "en")) { content() }
    }

    static func document(title: String, page: PageContext, @ComponentBuilder content: () -> Component) -> String {
        let html = root(page) {
            head(title: title)
            Tag("body") {
                Tag("a", .cls("skip-link"), .href("#main"), text: "Skip to content")
                header(page)
                Tag("main", .id("main"), Attr("tabindex", "-1")) {
                    if let notice = page.notice {
                        Tag("p", .cls("notice"), Attr("role", "status"), text: notice.message)
                    }
                    content()
                }
                Tag("footer", .cls("site-footer")) {
                    Tag("p") {
                        Txt("BooksTrack — know who you read. ")
                        Tag("a", .href("/api/openapi.json"), text: "API")
                        Txt(" · ")
                        Tag("a", .href("/about/attribution"), text: "Sources and credits")
                    }
                }
            }
        }
        return "<!DOCTYPE html>" + HTMLWriter.render(html)
    }

    private static func header(_ page: PageContext) -> Component {
        Tag("header", .cls("site-header")) {
            Tag("div", .cls("bar")) {
                Tag("a", .cls("brand"), .href("/")) {
                    Tag.void("img", Attr("src", "/assets/icon.svg"), Attr("alt", ""), Attr("width", "28"), Attr("height", "28"))
                    Tag("span", text: "BooksTrack")
                }
                if let user = page.user {
                    Tag("nav", .cls("main-nav"), .aria("label", "Main")) {
                        Tag("ul") {
                            for area in PageContext.Area.navigation {
                                Tag("li") {
                                    Tag("a", .href(area.path), .aria("current", area == page.area ? "page" : nil)) {
                                        Tag("span", .cls("nav-icon nav-\(area.rawValue)"), .aria("hidden", "true")) {
                                            EmptyComponent()
                                        }
                                        Tag("span", text: area.title)
                                    }
                                }
                            }
                        }
                    }
                    Tag("div", .cls("account-menu")) {
                        Tag("a", .href("/notifications"), .cls("notifications-link")) {
                            Txt("Notifications")
                            if page.unread > 0 {
                                Tag("span", .cls("count-badge"), text: " \(page.unread)")
                                Tag("span", .cls("visually-hidden"), text: " unread")
                            }
                        }
                        Tag(
                            "a", .href("/account"), .aria("current", page.area == .account ? "page" : nil), text: user.displayName
                        )
                        Tag("form", Attr("method", "post"), Attr("action", "/logout")) {
                            CSRFField(token: page.csrfToken)
                            Tag("button", .type("submit"), .cls("link-button"), text: "Sign out")
                        }
                    }
                }
            }
            if page.user != nil, let running = page.running { runningSession(running, csrfToken: page.csrfToken) }
        }
    }

    /// The running reading session on every page (issue 44 item 7): its book, its live timer and
    /// a Stop that asks for the page reached (the book's page says more if the stop is refused).
    static func runningSession(_ running: RunningTimer, csrfToken: String) -> Component {
        let session = running.session
        return Tag("div", .cls("running-session"), .aria("label", "Reading session running")) {
            Tag("p") {
                Tag("span", .aria("hidden", "true"), text: "📖 ")
                Txt("Reading ")
                Tag("a", .href("/books/\(session.entryID.string)#sessions"), text: session.title)
                Txt(" · ")
                Tag(
                    "span", .cls("session-timer"), Attr("role", "timer"), Attr("data-elapsed", String(running.elapsed)),
                    .aria("label", "Time reading"), text: SessionService.clock(running.elapsed))
            }
            PostForm(action: "/sessions/\(session.id.string)/finish", csrfToken: csrfToken, cls: "running-stop") {
                Tag("label", Attr("for", "running-end-page"), text: "Stopped on page")
                Tag.void(
                    "input", .id("running-end-page"), .name("end_page"), .type("number"), Attr("min", "0"),
                    Attr("max", String(Limits.pages.upperBound)), Attr("inputmode", "numeric"), Attr("required", "required"))
                Tag("button", .type("submit"), text: "Stop")
            }
        }
    }
}

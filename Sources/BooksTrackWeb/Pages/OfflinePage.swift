import Plot

/// What the service worker shows for a page it cannot fetch (SPEC F11): the network is gone, and
/// the last insights page is kept on this device. Kept by the worker when it installs, so it names
/// no reader.
enum OfflinePage {
    static func render() -> String {
        let html = Tag("html", Attr("lang", "en")) {
            Layout.head(title: "Offline", script: false)
            Tag("body", .cls("compact")) {
                Tag("main", .id("main")) { content }
            }
        }
        return "<!DOCTYPE html>" + HTMLWriter.render(html)
    }

    private static var content: Component {
        Tag("div", .cls("narrow offline")) {
            Tag("h1", text: "You are offline")
            Tag("p", text: "BooksTrack cannot reach its server right now, so this page cannot be shown.")
            // The worker replaces this paragraph when no insights are kept on this device.
            Raw("<!--snapshot-->")
            Tag("p") {
                Txt("Your insights as this device last saw them are still here: ")
                Tag("a", .href("/insights"), text: "open your last insights")
                Txt(".")
            }
            Raw("<!--/snapshot-->")
            Tag("p") { Tag("a", .cls("button"), .href("/"), text: "Try again") }
        }
    }
}

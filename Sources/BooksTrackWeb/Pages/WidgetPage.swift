import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// `/widget`: a compact page for a phone's home screen (SPEC F11) — the streak, the book being
/// read, and a goal's ring, with no navigation around them.
enum WidgetPage {
    struct Model {
        var streak: Streak
        /// The book being read: its title, its authors, how far (percent, when known).
        var current: (entry: LibraryEntry.ID, title: String, authors: [String], percent: Int?)?
        /// The book a session is running on now (its page shows the timer).
        var running: LibraryEntry.ID?
        var goal: GoalService.Standing?
    }

    static func render(page: PageContext, model: Model) -> String {
        let body = Tag("div", .cls("widget")) {
            Tag("h1", .cls("widget-title")) { Tag("a", .href("/"), text: "BooksTrack") }
            Tag("section", .cls("widget-item"), .aria("labelledby", "widget-streak")) {
                Tag("h2", .id("widget-streak"), text: "Streak")
                Tag("p", .cls("big-number"), text: model.streak.current == 1 ? "1 day" : "\(model.streak.current) days")
                Tag("p", text: model.streak.message)
            }
            Tag("section", .cls("widget-item"), .aria("labelledby", "widget-reading")) {
                Tag("h2", .id("widget-reading"), text: "Reading")
                if let current = model.current {
                    Tag("p") { Tag("a", .href("/books/\(current.entry.string)"), text: current.title) }
                    if !current.authors.isEmpty { Tag("p", .cls("muted"), text: current.authors.joined(separator: ", ")) }
                    if let percent = current.percent {
                        Tag(
                            "progress", Attr("max", "100"), Attr("value", String(percent)),
                            .aria("label", "\(current.title): \(percent)% read"), text: "\(percent)%")
                        Tag("p", .cls("muted"), text: "\(percent)% read")
                    }
                    if let running = model.running {
                        Tag("p") { Tag("a", .href("/books/\(running.string)#sessions"), text: "A session is running — open it") }
                    }
                } else {
                    Tag("p", text: "No book on the go.")
                    Tag("p") { Tag("a", .href("/library?status=toRead"), text: "Pick one from your to-read shelf") }
                }
            }
            Tag("section", .cls("widget-item"), .aria("labelledby", "widget-goal")) {
                Tag("h2", .id("widget-goal"), text: "Goal")
                if let goal = model.goal {
                    Tag("div", .cls("goal-summary")) {
                        Raw(CompletionRing.svg(GoalPages.ring(goal), label: "\(goal.summary) — \(goal.goal.title)"))
                        Tag("div") {
                            Tag("p") { Tag("a", .href("/goals/\(goal.goal.id.string)"), text: goal.goal.title) }
                            Tag("p", .cls("muted"), text: goal.summary)
                        }
                    }
                } else {
                    Tag("p", text: "No goal running.")
                    Tag("p") { Tag("a", .href("/goals/new"), text: "Set one") }
                }
            }
        }
        // No timed refresh (WCAG 2.2.1): opening it from the home screen loads it fresh.
        return Layout.compact(title: "Widget", page: page) { body }
    }
}

import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The reader's curator standing and every fact they contributed (SPEC F4).
enum ContributionsPage {
    /// What the contributions page shows.
    struct Model {
        var history: [ContributionRecord]
        var timeZone: TimeZone
    }

    /// The page: the reader's standing, how points are earned, and the history of their facts.
    static func render(page: PageContext, model: Model) -> String {
        let standing = CuratorStanding(model.history.map(\.contribution))
        return Layout.document(title: "Your contributions", page: page) {
            Tag("h1", text: "Your contributions")
            Tag("div", .cls("bento")) {
                standingCard(standing)
                pointsHelp()
                historyCard(model.history, timeZone: model.timeZone)
            }
        }
    }

    /// The reader's points, facts and badge, how far the next level is, and every level earned or
    /// locked.
    private static func standingCard(_ standing: CuratorStanding) -> Card {
        Card("Curator standing", id: "standing") {
            Tag("p", .cls("big-number"), text: "\(InsightFormat.grouped(standing.points)) points")
            Tag(
                "p",
                text:
                    "\(standing.contributions) \(standing.contributions == 1 ? "fact" : "facts") contributed · \(standing.level?.name ?? "No badge yet")"
            )
            if let next = standing.nextLevel, let remaining = standing.toNextLevel {
                Tag("label", Attr("for", "level-progress"), text: "\(remaining) more to reach \(next.name)")
                Tag(
                    "progress", .id("level-progress"), Attr("max", String(next.threshold)),
                    Attr("value", String(standing.contributions)), text: "\(standing.contributions) of \(next.threshold)")
            }
            Tag("ul", .cls("levels")) {
                for level in Curation.levels {
                    Tag("li", .cls(standing.contributions >= level.threshold ? "earned" : "locked")) {
                        Tag(
                            "span", .aria("hidden", "true"),
                            text: standing.contributions >= level.threshold ? "🏅 " : "🔒 ")
                        Txt("\(level.name): \(level.threshold) contributions")
                        if standing.contributions < level.threshold {
                            Tag("span", .cls("visually-hidden"), text: " (locked)")
                        }
                    }
                }
            }
        }
    }

    /// How points are earned, and a question to answer now.
    private static func pointsHelp() -> Card {
        Card("How points work", id: "points-help") {
            Tag("ul") {
                Tag("li", text: "+\(Curation.pointsPerFact) for each fact you add or confirm.")
                Tag(
                    "li",
                    text:
                        "+\(Curation.pointsPerExtraBook) more for each further book of yours an author fact fills in.")
                Tag("li", text: "Facts about authors are shared with every reader here, with you as their source.")
            }
            Tag("p") {
                Tag(
                    "a", .cls("button"), .href("/prompt?return=/contributions"), Attr("data-prompt", "true"),
                    text: "Answer a question")
            }
        }
    }

    /// Every fact the reader contributed, newest first, or where to start.
    private static func historyCard(_ history: [ContributionRecord], timeZone: TimeZone) -> Card {
        Card("History", span: .full, id: "history") {
            if history.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text: "Nothing yet. Press a “+” on a radar, or answer the quick question on a book’s page.")
            } else {
                ScrollingTable("Your contributions, newest first") {
                    Tag("table") {
                        Tag("caption", .cls("visually-hidden"), text: "Your contributions, newest first")
                        Tag("thead") {
                            Tag("tr") {
                                for heading in ["Date", "Fact", "About", "Answer", "Points"] {
                                    Tag("th", Attr("scope", "col"), text: heading)
                                }
                            }
                        }
                        Tag("tbody") {
                            for record in history {
                                row(record, timeZone: timeZone)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func row(_ record: ContributionRecord, timeZone: TimeZone) -> Component {
        let c = record.contribution
        let fact = BookFact(rawValue: c.fact)
        let about = [record.authorName, record.workTitle.map { "“\($0)”" }].compactMap { $0 }.joined(separator: " · ")
        return Tag("tr") {
            Tag("td", text: LocalDate(c.recordedAt, in: timeZone).description)
            Tag("td", text: fact?.displayName ?? c.fact)
            Tag("td", text: about.isEmpty ? "—" : about)
            Tag("td") {
                Txt(c.value.map { fact?.displayValue(of: $0) ?? $0 } ?? "—")
                if let note = c.note { Tag("span", .cls("muted"), text: " — \(note)") }
            }
            Tag("td", text: "+\(c.points)")
        }
    }
}

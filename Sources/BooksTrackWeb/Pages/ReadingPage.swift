import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// Reading insights (SPEC F7, seed 003): the hero with its dual ring, four cards with a Week /
/// Month / Year / All time selector, the timeline, and the achievements grid.
enum ReadingPage {
    struct Model {
        var insights: ReadingInsights
        var months: Int
        /// Why the page opened on another period than the one asked for by default.
        var note: String? = nil
        var achievements: [AchievementStanding]
        var problem: String?
        /// The reader's goals, for the goals section (active ones are shown).
        var goals: [GoalService.Standing] = []
        var today: LocalDate
        /// The moment of the page (which unlocks are new).
        var now = Date()
        /// Achievements whose notice the reader has not read yet: new, however long ago the
        /// reading that earned them (an import of years of history).
        var unreadAchievements: Set<String> = []
        /// The reader beside the instance's average (issue 20 item 12).
        var comparison: InstanceComparison? = nil
        /// Books in the whole library: with none, the page says how to start instead of zeros.
        var libraryBooks = 1
    }

    static func render(page: PageContext, model: Model) -> String {
        let insights = model.insights
        return Layout.document(title: "Reading insights", page: page) {
            InsightsTabs(current: .reading)
            Tag("h1", text: "Reading insights")
            if let problem = model.problem {
                Tag("div", .cls("notice warning"), Attr("role", "alert")) { Tag("p", text: problem) }
            }
            if let note = model.note {
                Tag("div", .cls("notice"), Attr("role", "status")) { Tag("p", text: note) }
            }
            if model.libraryBooks == 0 {
                // An empty library: a next step, not a page of zeros (issue 44, item 10).
                EmptyState(
                    title: "No books yet: add books to see your reading",
                    message:
                        "Books finished, pages, time read, streaks and achievements come from your library and your reading sessions. Add a book by hand, import your library from Goodreads, StoryGraph or LibraryThing, or load the demo library from the home page.",
                    actions: [("Add a book", "/books/new"), ("Import a library", "/import")])
                Tag("div", .cls("bento")) {
                    goalsCard(model)
                    achievements(model.achievements, now: model.now, unread: model.unreadAchievements)
                }
            } else {
                Tag("div", .cls("reading-selectors")) {
                    spanSelector(insights.span, months: model.months, metric: insights.metric)
                    metricSelector(insights.metric, span: insights.span, months: model.months)
                }
                Tag("div", .cls("bento")) {
                    hero(insights)
                    goalsCard(model)
                    for card in insights.cards { self.card(card, span: insights.span) }
                    timeline(insights, months: model.months)
                    if let comparison = model.comparison {
                        compareCard(comparison, csrfToken: page.csrfToken, months: model.months, metric: insights.metric)
                    }
                    achievements(model.achievements, now: model.now, unread: model.unreadAchievements)
                }
            }
        }
    }

    /// The goals running now, each with where the reader's own pace leads (issue 20 item 19).
    static func goalsCard(_ model: Model) -> Component {
        let running = model.goals.filter { $0.goal.isRunning(on: model.today) }
        return Card("Goals", span: .full, id: "reading-goals") {
            if running.isEmpty {
                Tag("p") {
                    Txt("No goal is running. ")
                    Tag("a", .href("/goals/new"), text: "Set a goal")
                    Txt(" — suggestions from your own reading are there.")
                }
            } else {
                Tag("ul", .cls("plain-list goal-lines")) {
                    for standing in running {
                        Tag("li") {
                            Tag("div", .cls("goal-summary")) {
                                Raw(
                                    CompletionRing.svg(
                                        standing.progress.fraction, label: "\(standing.summary) — \(standing.goal.title)"))
                                Tag("div") {
                                    Tag("p") {
                                        Tag(
                                            "a", .cls("card-link"), .href("/goals/\(standing.goal.id.string)"),
                                            text: standing.goal.title)
                                    }
                                    Tag("p", .cls("goal-figure"), text: standing.summary)
                                    Tag(
                                        "p",
                                        text: standing.goal.projection(standing.progress, today: model.today)
                                            ?? GoalPages.paceText(standing))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The page's address with these choices (defaults left out, but for the period).
    static func href(_ span: ReadingSpan, months: Int, metric: ReadingMetric) -> String {
        "/insights/reading?period=\(span.rawValue)" + (metric == .books ? "" : "&metric=\(metric.rawValue)")
            + (months == 12 ? "" : "&months=\(months)")
    }

    /// "Compare with readers here": an invitation, a wait for enough readers, or the reader's
    /// figures beside the participants' average — never one reader's figures.
    static func compareCard(_ comparison: InstanceComparison, csrfToken: String, months: Int, metric: ReadingMetric)
        -> Component
    {
        let minimum = InstanceComparison.minimumReaders
        let here = href(comparison.span, months: months, metric: metric)
        let taking = comparison.participants == 1 ? "1 reader takes part" : "\(comparison.participants) readers take part"
        return Card("Compare with readers here", span: .full, id: "compare") {
            if !comparison.optedIn {
                Tag(
                    "p",
                    text:
                        "See your figures beside the average of the readers of this BooksTrack who take part. Only they see it, only as an average, and only once at least \(minimum) take part: no reader’s own figures are ever shown. \(taking) now."
                )
            } else if comparison.rows.isEmpty {
                let missing = minimum - comparison.participants
                Tag(
                    "p",
                    text:
                        "You take part: \(comparison.participants) of the \(minimum) readers it takes so far. The average shows once \(missing) more \(missing == 1 ? "joins" : "join")."
                )
            } else {
                DataTable(
                    caption:
                        "\(comparison.span.label): you and the average of the \(comparison.participants) readers taking part",
                    columns: ["Measure", "You", "Average here"],
                    rows: comparison.rows.map { [$0.label, $0.youText, $0.averageText] }, cls: "data-table compare-table")
            }
            PostForm(action: "/insights/compare", csrfToken: csrfToken, cls: "inline-form") {
                Tag.void("input", .type("hidden"), .name("return"), .value(here))
                if comparison.optedIn {
                    Tag("button", .type("submit"), .name("compare"), .value("off"), .cls("secondary"), text: "Stop taking part")
                } else {
                    Tag("button", .type("submit"), .name("compare"), .value("on"), text: "Take part")
                }
            }
        }
    }

    static func spanSelector(_ selected: ReadingSpan, months: Int, metric: ReadingMetric) -> Component {
        links(
            "Period", shown: true,
            ReadingSpan.allCases.map { span in (href(span, months: months, metric: metric), short(span), span == selected) })
    }

    /// Books, pages or time: what the velocity card and the timeline measure (seed 003's metric
    /// filters); the cultural, streak and genre cards count regions, days and genres whatever it is.
    static func metricSelector(_ selected: ReadingMetric, span: ReadingSpan, months: Int) -> Component {
        links(
            "Measure", shown: true,
            ReadingMetric.allCases.map { metric in
                (href(span, months: months, metric: metric), metric.displayName, metric == selected)
            })
    }

    /// A row of links drawn as one segmented control; the current one says so (aria-current).
    /// `shown` writes the label before the links too (the nav's name says it to screen readers).
    static func links(_ label: String, shown: Bool = false, _ items: [(href: String, text: String, current: Bool)])
        -> Component
    {
        Tag("nav", .cls("segmented-links"), .aria("label", label)) {
            if shown { Tag("span", .cls("segmented-label"), .aria("hidden", "true"), text: label) }
            for item in items {
                if item.current {
                    Tag("a", .href(item.href), Attr("aria-current", "page"), text: item.text)
                } else {
                    Tag("a", .href(item.href), text: item.text)
                }
            }
        }
    }

    static func short(_ span: ReadingSpan) -> String {
        switch span {
        case .week: "Week"
        case .month: "Month"
        case .year: "Year"
        case .all: "All time"
        }
    }

    static func hero(_ insights: ReadingInsights) -> Component {
        let current = insights.current
        let previous = insights.previous
        let rings = insights.rings
        return Card(insights.headline, span: .full, id: "reading-hero") {
            Tag("div", .cls("reading-hero")) {
                Raw(
                    DualRing.svg(
                        outer: rings.outer, inner: rings.inner,
                        label: "Outer ring: \(rings.outerLabel). Inner ring: \(rings.innerLabel)."))
                Tag("ul", .cls("hero-metrics")) {
                    metric(
                        "Books read", "\(current.books)",
                        trend: previous.map { ReadingInsights.Trend.of(current.books, $0.books) },
                        before: previous.map { "\($0.books)" }, span: insights.span)
                    metric(
                        "Cultures", "\(current.cultures)",
                        trend: previous.map { ReadingInsights.Trend.of(current.cultures, $0.cultures) },
                        before: previous.map { "\($0.cultures)" }, span: insights.span)
                    metric(
                        "Average rating",
                        current.averageRating.map { String(format: "%.1f ★", $0) } ?? "—",
                        trend: previous.flatMap { previous in
                            guard let now = current.averageRating, let then = previous.averageRating else { return nil }
                            return ReadingInsights.Trend.of(now, then)
                        },
                        before: previous.map { $0.averageRating.map { String(format: "%.1f ★", $0) } ?? "no ratings" },
                        span: insights.span,
                        note: current.ratedBooks == 0 ? "no rated books" : "over \(current.ratedBooks) rated")
                }
                Tag("dl", .cls("ring-legend")) {
                    Tag("dt") {
                        Tag("span", .cls("swatch ring-outer-swatch"), Attr("aria-hidden", "true"), text: "")
                        Txt(" Outer ring")
                    }
                    Tag("dd", text: rings.outerLabel)
                    Tag("dt") {
                        Tag("span", .cls("swatch ring-inner-swatch"), Attr("aria-hidden", "true"), text: "")
                        Txt(" Inner ring")
                    }
                    Tag("dd", text: rings.innerLabel)
                }
            }
        }
    }

    static func metric(
        _ label: String, _ value: String, trend: ReadingInsights.Trend?, before: String?, span: ReadingSpan,
        note: String? = nil
    ) -> Component {
        Tag("li") {
            Tag("span", .cls("metric-value"), text: value)
            Tag("span", .cls("metric-label"), text: label)
            if let trend, let before, let previousLabel = span.previousLabel {
                Tag("span", .cls("trend trend-\(trend.rawValue)"), text: "\(arrow(trend)) \(previousLabel): \(before)")
            }
            if let note { Tag("span", .cls("muted"), text: note) }
        }
    }

    static func arrow(_ trend: ReadingInsights.Trend) -> String {
        switch trend {
        case .up: "↑"
        case .down: "↓"
        case .same: "="
        }
    }

    static func card(_ card: ReadingInsights.Card, span: ReadingSpan) -> Component {
        Card(card.title, id: "card-\(card.id)") {
            Tag("p", .cls("goal-figure")) {
                Txt(card.figure)
                if let trend = card.trend, let before = span.previousLabel {
                    Tag("span", .cls("trend trend-\(trend.rawValue)"), text: " \(arrow(trend))")
                    Tag("span", .cls("visually-hidden"), text: " (\(words(trend)) \(before))")
                }
            }
            Tag("p", text: card.sentence)
        }
    }

    static func words(_ trend: ReadingInsights.Trend) -> String {
        switch trend {
        case .up: "up on"
        case .down: "down on"
        case .same: "the same as"
        }
    }

    static func timeline(_ insights: ReadingInsights, months: Int) -> Component {
        let metric = insights.metric
        let points = insights.timeline.map {
            let amount = metric.amount($0)
            return TimelineChart.Month(
                label: $0.label, value: metric == .time ? Double(amount) / 60 : Double(amount), valueText: metric.text(amount),
                score: $0.diversity)
        }
        let scored = insights.timeline.filter { $0.diversity != nil }.count
        let total = metric.text(insights.timeline.reduce(0) { $0 + metric.amount($1) })
        // All time runs from the first book finished (by year past three years): the months
        // chosen are for a week, month or year.
        let unit = insights.timelineBy == .year ? "year" : "month"
        let pointCount = "\(insights.timeline.count) \(unit)\(insights.timeline.count == 1 ? "" : "s")"
        let stretch =
            insights.span == .all
            ? "per \(unit) since \(insights.timeline.first?.label ?? "the first book")"
            : "per month over the last \(months) months"
        let summary =
            "\(metric.perMonth) \(stretch): \(total) in all. Representation of the books finished known for \(scored) of \(pointCount)."
        return Card("Timeline", span: .full, id: "timeline") {
            if insights.span != .all {
                links(
                    "Months shown",
                    [6, 12].map { (href(insights.span, months: $0, metric: metric), "\($0) months", $0 == months) })
            }
            Tag("p", .cls("muted"), text: summary)
            // On a phone the chart keeps a readable size and scrolls sideways inside its card
            // (by keyboard too: the region takes focus).
            Tag("div", .cls("chart-scroll"), Attr("tabindex", "0"), Attr("role", "region"), .aria("label", "Timeline chart")) {
                Raw(TimelineChart.svg(points, id: "timeline-chart", label: summary))
            }
            Tag("p", .cls("chart-legend")) {
                Tag("span", .cls("swatch timeline-bar-swatch"), Attr("aria-hidden", "true"), text: "")
                Txt(" \(metric.perMonth)\(metric == .time ? ", in hours" : "") (left scale) ")
                Tag("span", .cls("swatch timeline-line-swatch"), Attr("aria-hidden", "true"), text: "")
                Txt(
                    " Representation of that \(unit)’s books, 0–100% (right scale; no point where too little is known)"
                )
            }
            Tag("details", .cls("chart-table")) {
                Tag("summary", text: "Show the figures as a table")
                DataTable(
                    caption: "Books finished, pages and time read, and representation per \(unit)",
                    columns: [unit.capitalized, "Books finished", "Pages read", "Time read", "Representation"],
                    rows: insights.timeline.map { month in
                        [
                            month.label, "\(month.books)", InsightFormat.grouped(month.pages),
                            InsightFormat.duration(month.minutes),
                            month.diversity.map { "\(Int(saturating: $0.rounded()))%" } ?? "too little known",
                        ]
                    })
            }
        }
    }

    /// An unlock this recent, or whose notice is unread, is new: it celebrates (more for a rarer
    /// one) and says "New".
    static let freshFor: TimeInterval = 7 * 86_400

    static func achievements(_ standings: [AchievementStanding], now: Date, unread: Set<String> = []) -> Component {
        let unlocked = standings.filter { $0.unlockedAt != nil }.count
        return Card("Achievements", span: .full, id: "achievements") {
            Tag("p", .cls("muted"), text: "\(unlocked) of \(standings.count) unlocked.")
            Tag("ul", .cls("achievement-grid")) {
                for standing in standings.sorted(by: order) {
                    badge(standing, now: now, unread: unread.contains(standing.achievement.id))
                }
            }
        }
    }

    /// Unlocked first (newest first), then the closest to unlocking.
    static func order(_ a: AchievementStanding, _ b: AchievementStanding) -> Bool {
        switch (a.unlockedAt, b.unlockedAt) {
        case (let x?, let y?): return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.fraction > b.fraction
        }
    }

    static func badge(_ standing: AchievementStanding, now: Date, unread: Bool = false) -> Component {
        let achievement = standing.achievement
        let locked = standing.unlockedAt == nil
        let fresh = standing.unlockedAt.map { unread || now.timeIntervalSince($0) < freshFor } ?? false
        return Tag(
            "li",
            .cls("achievement rarity-\(achievement.rarity.rawValue)\(locked ? " locked" : "")\(fresh ? " fresh" : "")"),
            .id("achievement-\(achievement.id)")
        ) {
            Tag("span", .cls("achievement-symbol"), Attr("aria-hidden", "true"), text: achievement.symbol)
            Tag("span", .cls("achievement-name"), text: achievement.name)
            Tag("span", .cls("rarity"), text: achievement.rarity.displayName)
            Tag("span", .cls("achievement-rule"), text: achievement.rule)
            if let date = standing.unlockedAt {
                Tag("span", .cls("achievement-state"), text: (fresh ? "New · " : "") + "Unlocked \(ImportPages.day(date))")
                ImageDownloads(
                    svg: "/achievements/\(achievement.id)/image.svg", fileName: "bookstrack-\(achievement.id)",
                    what: "the \(achievement.name) achievement")
            } else {
                let percent = Int(saturating: (standing.fraction * 100).rounded())
                // Not a void element: its text is the fallback, and it must be closed.
                Tag(
                    "progress", Attr("max", "100"), Attr("value", String(percent)),
                    .aria("label", "\(achievement.name): \(standing.progressText)"), text: "\(percent)%")
                Tag("span", .cls("achievement-state"), text: "Locked · \(standing.progressText)")
            }
        }
    }
}

extension ReadingInsights.Trend {
    static func of(_ now: Int, _ then: Int) -> Self { of(Double(now), Double(then)) }
}

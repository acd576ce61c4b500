import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// Reading goals (SPEC F6): the list, a goal's page, and the form with its templates.
enum GoalPages {
    static func index(page: PageContext, goals: [GoalService.Standing], today: LocalDate) -> String {
        Layout.document(title: "Goals", page: page) {
            Tag("h1", text: "Goals")
            Tag("p", .cls("actions")) { ButtonLink(label: "New goal", href: "/goals/new") }
            if goals.isEmpty {
                EmptyState(
                    title: "No goals yet",
                    message:
                        "A goal counts what you finish, read or explore in a period — from the books already in your library. Start from a template or make your own.",
                    actions: [("Choose a goal", "/goals/new")])
            } else {
                // Goals whose period is over (a recurring one's earlier periods) go with the finished ones.
                let isCurrent = { (standing: GoalService.Standing) in
                    (standing.goal.status == .active || standing.goal.status == .paused) && standing.progress.pace != .ended
                }
                let (current, past) = (goals.filter(isCurrent), goals.filter { !isCurrent($0) })
                // A finished goal stays among the cards for a year after its end, then is archived
                // into "Past goals" (seed 004's open rule, settled: docs/goals.md).
                let zone = page.user?.timeZone ?? .gmt
                let archived = past.filter { GoalPages.isArchived($0.goal, today: today, timeZone: zone) }
                let recent = past.filter { !GoalPages.isArchived($0.goal, today: today, timeZone: zone) }
                Bento {
                    for standing in current + recent { card(standing) }
                }
                if !archived.isEmpty {
                    Tag("section", .cls("past-goals"), .id("past-goals"), .aria("labelledby", "past-goals-title")) {
                        Tag("h2", .id("past-goals-title"), text: "Past goals")
                        Tag("ul", .cls("plain-list")) {
                            for standing in archived.sorted(by: { $0.goal.endsOn > $1.goal.endsOn }) {
                                Tag("li") {
                                    Tag("a", .href("/goals/\(standing.goal.id.string)"), text: standing.goal.title)
                                    // An active goal here has run out of time: "Ended", not "Active".
                                    let state =
                                        standing.goal.status == .active || standing.goal.status == .paused
                                        ? "Ended" : status(standing.goal)
                                    Txt(
                                        " — \(state) · \(standing.summary) · \(standing.goal.startsOn.description) to \(standing.goal.endsOn.description)"
                                    )
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a finished goal (completed, abandoned, or its period over) ended more than a year
    /// ago, so it goes to "Past goals".
    static func isArchived(_ goal: Goal, today: LocalDate, timeZone: TimeZone) -> Bool {
        // Completed: from the day (the reader's) it was completed; otherwise from the end of its period.
        let ended =
            goal.status == .completed ? goal.completedAt.map { LocalDate($0, in: timeZone) } ?? goal.endsOn : goal.endsOn
        return ended < today.adding(days: -365)
    }

    /// How full a goal's ring is: the way to the target, or for a share goal the share itself (a
    /// share over its target is not a finished goal: it completes only when its period ends).
    static func ring(_ standing: GoalService.Standing) -> Double {
        standing.goal.kind == .share ? min(1, max(0, standing.progress.current / 100)) : standing.progress.fraction
    }

    /// A goal's card: ring, "12 / 30 books (40%)", pace.
    static func card(_ standing: GoalService.Standing) -> Card {
        let goal = standing.goal
        return Card(goal.title, id: "goal-\(goal.id.string)") {
            Tag("div", .cls("goal-summary")) {
                Raw(CompletionRing.svg(ring(standing), label: "\(standing.summary) — \(goal.title)"))
                Tag("div") {
                    Tag("p", .cls("goal-figure"), text: standing.summary)
                    Tag("p", .cls("muted"), text: "\(status(goal)) · \(goal.startsOn.description) to \(goal.endsOn.description)")
                    Tag("p", text: paceText(standing))
                }
            }
            mightCount(standing)
            Tag("p") { Tag("a", .cls("card-link"), .href("/goals/\(goal.id.string)"), text: "Open “\(goal.title)”") }
        }
    }

    /// A goal's own page: its progress, its milestones, the regions or decades it covers, and the
    /// books that count.
    static func show(page: PageContext, standing: GoalService.Standing, titles: [LibraryEntry.ID: String]) -> String {
        let goal = standing.goal
        let progress = standing.progress
        return Layout.document(title: goal.title, page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) { Tag("a", .href("/goals"), text: "Goals") }
            Tag("h1", text: goal.title)
            Tag("div", .cls("bento")) {
                progressCard(standing, csrfToken: page.csrfToken)
                milestonesCard(standing, timeZone: page.user?.timeZone ?? .gmt)
                if goal.kind == .regionsExplored || !goal.criteria.regions.isEmpty {
                    regionsCard(goal, reached: progress.regions)
                }
                if goal.kind == .decadesExplored, let since = goal.criteria.sinceYear {
                    decadesCard(since: since, until: goal.endsOn, covered: progress.decades)
                }
                booksCard(progress.books, titles: titles)
            }
        }
    }

    /// The goal's ring, figure and pace, its celebration once completed, its dates, and what the
    /// reader can do with it.
    private static func progressCard(_ standing: GoalService.Standing, csrfToken: String) -> Card {
        let goal = standing.goal
        return Card("Progress", id: "goal-progress") {
            Tag("div", .cls("goal-summary")) {
                Raw(CompletionRing.svg(ring(standing), label: standing.summary))
                Tag("div") {
                    Tag("p", .cls("goal-figure"), text: standing.summary)
                    Tag("p", text: paceText(standing))
                    if let warning = standing.warning { Tag("p", .cls("form-error"), text: warning) }
                }
            }
            mightCount(standing)
            if goal.status == .completed, let snapshot = goal.snapshot {
                Tag("p", .cls("celebration"), Attr("role", "status"), text: "🎉 Completed: \(snapshot.summary)")
            }
            if goal.status == .completed {
                ImageDownloads(
                    svg: "/goals/\(goal.id.string)/image.svg", fileName: "bookstrack-goal", what: "this completed goal")
            }
            Tag("p", .cls("muted"), text: "\(status(goal)) · \(goal.startsOn.description) to \(goal.endsOn.description)")
            PostForm(action: "/goals/\(goal.id.string)/status", csrfToken: csrfToken, cls: "status-actions") {
                Tag("fieldset") {
                    Tag("legend", text: "Change")
                    for (status, label) in moves(goal.status) {
                        Tag(
                            "button", .type("submit"), .name("status"), .value(status.rawValue), .cls("secondary"),
                            text: label)
                    }
                }
            }
            Tag("p") {
                Tag("a", .href("/goals/\(goal.id.string)/edit"), text: "Edit this goal")
                Txt(" · ")
                Tag("a", .href("/goals/\(goal.id.string)/delete"), text: "Delete this goal")
            }
        }
    }

    /// The milestones reached, each with the day in the reader's time zone, or what they will be.
    private static func milestonesCard(_ standing: GoalService.Standing, timeZone: TimeZone) -> Card {
        let goal = standing.goal
        return Card("Milestones", id: "goal-milestones") {
            if standing.milestones.isEmpty {
                Tag("p", .cls("muted"), text: "None reached yet. Each is recorded with the day it is first reached.")
                if goal.kind == .share {
                    // A share crosses 50% and falls back with every book: its milestones are books.
                    Tag(
                        "p", .cls("muted"),
                        text:
                            "A share goal’s milestones are the books it has counted: \(InsightFormat.list(goal.milestoneMarks.map(String.init))) books with the fact known."
                    )
                }
            } else {
                Tag("ol", .cls("timeline")) {
                    for milestone in standing.milestones.sorted(by: { $0.percent < $1.percent }) {
                        Tag(
                            "li",
                            text: GoalPages.mark(milestone.percent, of: goal)
                                + " — "
                                + LocalDate(milestone.reachedAt, in: timeZone).description)
                    }
                }
            }
        }
    }

    /// The finished books the goal counts, each a link to its page.
    private static func booksCard(_ books: [LibraryEntry.ID], titles: [LibraryEntry.ID: String]) -> Card {
        Card("Books that count", span: .full, id: "goal-books") {
            if books.isEmpty {
                Tag("p", .cls("muted"), text: "No finished book in this period counts yet.")
            } else {
                Tag("ol") {
                    for id in books {
                        Tag("li") {
                            Tag("a", .cls("card-link"), .href("/books/\(id.string)"), text: titles[id] ?? "A book")
                        }
                    }
                }
            }
        }
    }

    /// "3 books you finished in this period might count: fill in their authors’ regions", with a
    /// link to those books in the library (issue 40: a goal leads somewhere).
    static func mightCount(_ standing: GoalService.Standing) -> Component {
        let progress = standing.progress
        guard progress.mightCount > 0, standing.goal.status == .active else { return Raw("") }
        let books = progress.mightCount == 1 ? "1 book you finished" : "\(progress.mightCount) books you finished"
        let facts = InsightFormat.list(progress.missingFacts.map(factPhrase))
        let filter = progress.missingFacts.lazy.compactMap(libraryFilter).first
        return Tag("p", .cls("might-count")) {
            Txt("\(books) in this period might count if you fill in \(facts). ")
            if let filter {
                Tag(
                    "a",
                    .href(
                        "/library?read=\(DayWindow(range: standing.goal.startsOn...standing.goal.endsOn).parameter)&missing=\(filter.rawValue)"
                    ),
                    text: "Show \(progress.mightCount == 1 ? "it" : "them")")
            }
        }
    }

    /// How a missing fact is named after "fill in".
    static func factPhrase(_ fact: GoalFact) -> String {
        switch fact {
        case .region: "their authors’ regions"
        case .gender: "their authors’ genders"
        case .marginalized: "whether their authors belong to a marginalized group"
        case .language: "their original languages"
        case .translated: "whether they are translations"
        case .genre: "their genres"
        }
    }

    /// The library's "missing" filter that lists books lacking the fact, when there is one.
    static func libraryFilter(_ fact: GoalFact) -> LibraryQuery.Missing? {
        switch fact {
        case .region: .region
        case .gender: .gender
        case .language: .language
        case .genre: .genre
        case .marginalized, .translated: nil
        }
    }

    /// The regions a goal's books reach, and those still to find, as text lists.
    private static func regionsCard(_ goal: Goal, reached: [CulturalRegion]) -> Card {
        let wanted =
            goal.kind == .regionsExplored
            ? CulturalRegion.allCases : CulturalRegion.allCases.filter(goal.criteria.regions.contains)
        let missing = wanted.filter { !reached.contains($0) }
        return Card("Regions", id: "goal-regions") {
            if reached.isEmpty {
                Tag("p", .cls("muted"), text: "No region reached yet in this period.")
            } else {
                Tag("p", text: "Reached so far: \(InsightFormat.list(reached.map(\.displayName))).")
            }
            if !missing.isEmpty {
                Tag("p", .cls("muted"), text: "Still to find: \(InsightFormat.list(missing.map(\.displayName))).")
            }
        }
    }

    /// A decades goal's decades: those with a book and those still to find, as text (each is
    /// a list item, so nothing rests on colour).
    private static func decadesCard(since: Int, until end: LocalDate, covered: [Int]) -> Card {
        let all = Array(stride(from: since, through: since + (GoalDraft.decades(since: since, until: end) - 1) * 10, by: 10))
        let found = Set(covered)
        let missing = all.filter { !found.contains($0) }
        return Card("Decades", span: .full, id: "goal-decades") {
            Tag("p", text: "\(found.count) of \(all.count) decades have a book.")
            if !covered.isEmpty {
                Tag("h3", text: "With a book")
                Tag("ul", .cls("decade-list found")) { for decade in covered { Tag("li", text: "✓ \(decade)s") } }
            }
            if !missing.isEmpty {
                Tag("h3", text: "Still to find")
                Tag("ul", .cls("decade-list")) { for decade in missing { Tag("li", text: "\(decade)s") } }
                Tag(
                    "p", .cls("muted"),
                    text:
                        "A book counts for the decade it was first published in: give a book its first publication year on its page if it has none."
                )
            }
        }
    }

    /// The new-goal form with its templates, or — with `editing` — a goal's edit form.
    static func form(
        page: PageContext, values: [String: String], errors: FieldErrors = FieldErrors(), editing: Goal? = nil,
        suggestions: [GoalSuggestion] = [], changedElsewhere: String? = nil, choices: Choices
    ) -> String {
        Layout.document(title: editing == nil ? "New goal" : "Edit goal", page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) { Tag("a", .href("/goals"), text: "Goals") }
            Tag("h1", text: editing.map { "Edit “\($0.title)”" } ?? "New goal")
            if let changedElsewhere {
                Tag("div", .cls("notice warning"), Attr("role", "alert")) { Tag("p", text: changedElsewhere) }
            }
            if editing == nil {
                if !suggestions.isEmpty { suggested(page, suggestions) }
                templates(page)
            }
            if !errors.isEmpty {
                ErrorSummary(
                    errors: errors,
                    order: [
                        "kind", "target", "cadence", "starts_on", "ends_on", "since", "minimum", "criteria", "regions",
                        "genders", "languages",
                    ],
                    labels: fieldLabels)
            }
            fields(page, values: values, errors: errors, editing: editing, choices: choices)
        }
    }

    /// What the form offers to pick from: the reader's own regions to discover, genres and shelves.
    struct Choices {
        var today: LocalDate
        var underrepresented: Set<CulturalRegion> = CulturalRegion.defaultUnderrepresented
        var genres: [String] = []
        var shelves: [String] = []
    }

    /// The words an error summary names each field by (the labels on the form).
    static let fieldLabels: [String: String] = [
        "kind": "What it counts", "target": "Target", "cadence": "Period", "starts_on": "First day",
        "ends_on": "Last day", "since": "From the decade of", "minimum": "Fewest books to count",
        "criteria": "Which books count", "regions": "Regions", "genders": "Author genders",
        "languages": "Original languages",
    ]

    /// The kinds, in the three families a reader chooses between first (seed 004).
    static let kindFamilies: [(label: String, kinds: [Goal.Kind])] = [
        ("How much you read", [.books, .pages, .minutes, .streakDays]),
        (
            "Who and where you read",
            [.diversity, .share, .regionsExplored, .countriesExplored, .authorsExplored, .decadesExplored]
        ),
        ("Which books", [.category, .genresExplored]),
    ]

    /// The kinds whose goals take criteria, and so show the "Which books count" pickers.
    static let kindsWithCriteria: [Goal.Kind] = [.diversity, .share, .category]

    private static func kindPicker(_ selected: String, error: String?) -> Component {
        Tag("div", .cls("field")) {
            Tag("label", Attr("for", "field-kind"), text: "What it counts")
            Tag("p", .cls("hint"), .id("field-kind-hint"), text: "First the kind of goal; the fields it needs follow.")
            if let error { Tag("p", .cls("field-error"), .id("field-kind-error"), text: error) }
            Tag.with(
                "select",
                [
                    .id("field-kind"), .name("kind"),
                    .aria("describedby", error == nil ? "field-kind-hint" : "field-kind-hint field-kind-error"),
                ]
            ) {
                for family in kindFamilies {
                    Tag("optgroup", Attr("label", family.label)) {
                        for kind in family.kinds {
                            Tag.with("option", [.value(kind.rawValue), .flag("selected", kind.rawValue == selected)]) {
                                Txt(kindLabel(kind))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Days left, from today, in this week, month and year: what the target's live warning divides by.
    private static func daysLeft(today: LocalDate) -> String {
        ["week", "month", "year"].compactMap { name in
            GoalDraft.period(Goal.Cadence(rawValue: name)!, containing: today).map {
                "\(name):\($0.upperBound.dayNumber - today.dayNumber + 1)"
            }
        }.joined(separator: " ")
    }

    /// "Which books count": regions and genders as named choices, languages by name, the reader's
    /// own genres and shelves.
    private static func criteriaFields(values: [String: String], errors: FieldErrors, choices: Choices) -> Component {
        let regions = Set(list(values["regions"]).compactMap(CulturalRegion.init(lenient:)))
        let genders = Set(list(values["genders"]).compactMap(Gender.init(lenient:)))
        return Tag(
            "fieldset", .cls("goal-criteria"), Attr("data-kinds", kindsWithCriteria.map(\.rawValue).joined(separator: " "))
        ) {
            Tag("legend", text: "Which books count (diversity, share and category goals)")
            if let problem = errors["criteria"] { Tag("p", .cls("field-error"), .id("field-criteria"), text: problem) }
            Tag("fieldset", .cls("choices"), .id("field-regions")) {
                Tag("legend", text: "Regions")
                Tag(
                    "p", .cls("hint"),
                    text: "Books by an author from any region ticked count. ★ marks the regions you set out to discover more of.")
                if let problem = errors["regions"] { Tag("p", .cls("field-error"), text: problem) }
                Tag("div", .cls("choice-grid")) {
                    for region in CulturalRegion.allCases {
                        Tag("label", .cls("choice")) {
                            tickBox("region.\(region.rawValue)", checked: regions.contains(region))
                            Txt(region.displayName)
                            if choices.underrepresented.contains(region) {
                                Tag("span", .cls("underrepresented"), Attr("title", "A region you set out to discover more of")) {
                                    Tag("span", .aria("hidden", "true"), text: " ★")
                                    Tag("span", .cls("visually-hidden"), text: " (one you set out to discover)")
                                }
                            }
                        }
                    }
                }
            }
            Tag("fieldset", .cls("choices"), .id("field-genders")) {
                Tag("legend", text: "Author genders")
                if let problem = errors["genders"] { Tag("p", .cls("field-error"), text: problem) }
                Tag("div", .cls("choice-grid")) {
                    for gender in Gender.allCases {
                        Tag("label", .cls("choice")) {
                            tickBox("gender.\(gender.rawValue)", checked: genders.contains(gender))
                            Txt(gender.displayName)
                        }
                    }
                }
            }
            Field(
                name: "languages", label: "Original languages",
                control: .text(value: languageNames(values["languages"]), attributes: [Attr("list", "language-names")]),
                hint: "By name, separated by commas: Japanese, Spanish.", error: errors["languages"])
            Tag("datalist", .id("language-names")) {
                for language in LanguageCode.all { Tag.void("option", [.value(language.englishName)]) }
            }
            Field(name: "translated", label: "Read in translation", control: .checkbox(checked: values["translated"] == "on"))
            Field(name: "marginalized", label: "Marginalized voices", control: .checkbox(checked: values["marginalized"] == "on"))
            Field(name: "owned", label: "Books I own", control: .checkbox(checked: values["owned"] == "on"))
            Field(
                name: "genre", label: "Genre", control: .text(value: values["genre"], attributes: [Attr("list", "your-genres")]),
                hint: choices.genres.isEmpty ? nil : "Yours: \(choices.genres.prefix(8).joined(separator: ", ")).")
            Tag("datalist", .id("your-genres")) {
                for genre in choices.genres { Tag.void("option", [.value(genre)]) }
            }
            Field(
                name: "shelf", label: "Shelf", control: .text(value: values["shelf"], attributes: [Attr("list", "your-shelves")]),
                hint: choices.shelves.isEmpty ? nil : "Yours: \(choices.shelves.prefix(8).joined(separator: ", ")).")
            Tag("datalist", .id("your-shelves")) {
                for shelf in choices.shelves { Tag.void("option", [.value(shelf)]) }
            }
        }
    }

    /// One of the criteria's boxes (`region.africa`, `gender.female`), sent as "on" when ticked.
    private static func tickBox(_ name: String, checked: Bool) -> Component {
        Tag.void("input", [.type("checkbox"), .name(name), .value("on"), .flag("checked", checked)])
    }

    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Languages as the reader reads them: codes become names; anything else stays as typed.
    private static func languageNames(_ text: String?) -> String {
        list(text).map { LanguageCode(lenient: $0)?.englishName ?? $0 }.joined(separator: ", ")
    }

    /// The form's fields as the goal parser reads them: the ticked `region.*` and `gender.*` boxes
    /// become the `regions` and `genders` lists (joined to any given as text, as templates do).
    static func folded(_ fields: [String: String]) -> [String: String] {
        var folded = fields
        for (list, prefix) in [("regions", "region."), ("genders", "gender.")] {
            let ticked = fields.filter { $0.key.hasPrefix(prefix) && $0.value == "on" }.keys.map {
                String($0.dropFirst(prefix.count))
            }
            .sorted()
            guard !ticked.isEmpty else { continue }
            folded[list] = (self.list(fields[list]) + ticked).joined(separator: ",")
        }
        return folded
    }

    /// A goal's values as the form's fields.
    static func values(of goal: Goal) -> [String: String] {
        let c = goal.criteria
        return [
            "title": goal.title, "kind": goal.kind.rawValue, "target": String(goal.target), "cadence": goal.cadence.rawValue,
            "starts_on": goal.startsOn.description, "ends_on": goal.endsOn.description, "recurring": goal.recurring ? "on" : "",
            "regions": c.regions.map(\.rawValue).joined(separator: ","),
            "genders": c.genders.map(\.rawValue).joined(separator: ","),
            "languages": c.languages.map(\.englishName).joined(separator: ", "), "translated": c.translatedOnly ? "on" : "",
            "marginalized": c.marginalizedOnly ? "on" : "", "owned": c.ownedOnly ? "on" : "", "genre": c.genre ?? "",
            "shelf": c.shelf ?? "", "since": c.sinceYear.map(String.init) ?? "",
            "minimum": c.minimumBooks.map(String.init) ?? "",
        ]
    }

    /// Goals from the reader's own history, each with the rule it comes from and why its target.
    private static func suggested(_ page: PageContext, _ suggestions: [GoalSuggestion]) -> Component {
        Card("Suggested from your reading", span: .full, id: "suggestions") {
            Tag("ul", .cls("plain-list suggestion-list")) {
                for suggestion in suggestions {
                    Tag("li") {
                        PostForm(action: "/goals", csrfToken: page.csrfToken, cls: "suggestion") {
                            for (name, value) in suggestion.fields.sorted(by: { $0.key < $1.key }) {
                                Tag.void("input", .type("hidden"), .name(name), .value(value))
                            }
                            Tag("div") {
                                Tag("p") { Tag("strong", text: suggestion.title) }
                                Tag("p", .cls("muted"), text: suggestion.reason)
                                Tag("p") {
                                    Tag("span", .cls("recommended"), text: "Recommended")
                                    Txt(" " + suggestion.recommendation.replacingOccurrences(of: "Recommended: ", with: ""))
                                }
                            }
                            Tag(
                                "button", .type("submit"), .cls("secondary"), .aria("label", "Add “\(suggestion.title)”"),
                                text: "Add")
                        }
                    }
                }
            }
        }
    }

    private static func templates(_ page: PageContext) -> Component {
        Card("Start from a template", span: .full, id: "templates") {
            Tag("ul", .cls("plain-list")) {
                for template in GoalDraft.templates {
                    Tag("li") {
                        PostForm(action: "/goals", csrfToken: page.csrfToken, cls: "inline-form") {
                            Tag.void("input", .type("hidden"), .name("template"), .value(template.id))
                            Tag("span") {
                                Tag("strong", text: template.title)
                                Txt(" — " + template.summary)
                            }
                            Tag(
                                "button", .type("submit"), .cls("secondary"), .aria("label", "Add “\(template.title)”"),
                                text: "Add")
                        }
                    }
                }
            }
        }
    }

    private static func fields(
        _ page: PageContext, values: [String: String], errors: FieldErrors, editing: Goal?, choices: Choices
    ) -> Component {
        PostForm(action: editing.map { "/goals/\($0.id.string)" } ?? "/goals", csrfToken: page.csrfToken, cls: "stack") {
            // The version the edit starts from: a save after another device's is told, not lost.
            if let editing {
                Tag.void("input", .type("hidden"), .name("version"), .value(EntityTags.goal(editing)))
            }
            Field(
                name: "title", label: "Title", control: .text(value: values["title"]),
                hint: "Optional: “30 books in 2026” is made for you.")
            kindPicker(values["kind"] ?? "books", error: errors["kind"])
            Field(
                name: "target", label: "Target",
                control: .text(
                    type: "number", value: values["target"],
                    attributes: [Attr("min", "1"), Attr("data-days-left", daysLeft(today: choices.today))]),
                hint:
                    "Books 1–1000, diversity 1–50, a share in percent 1–100. A decades goal left empty aims at every decade from its first one on.",
                error: errors["target"])
            // Filled in by app.js as the target and period change: the warning the goal's page
            // would give after saving ("This requires 2.7 books/day").
            Tag("p", .cls("notice warning"), .id("target-warning"), Attr("role", "status"), .flag("hidden")) {
                EmptyComponent()
            }
            Field(
                name: "cadence", label: "Period",
                control: .select(
                    options: [
                        ("year", "This year"), ("month", "This month"), ("week", "This week"), ("custom", "Custom dates"),
                    ],
                    selected: values["cadence"] ?? "year"),
                error: errors["cadence"])
            Tag("div", Attr("data-cadences", "custom")) {
                Field(
                    name: "starts_on", label: "First day (custom)", control: .text(type: "date", value: values["starts_on"]),
                    error: errors["starts_on"])
                Field(
                    name: "ends_on", label: "Last day (custom)", control: .text(type: "date", value: values["ends_on"]),
                    error: errors["ends_on"])
            }
            Field(
                name: "recurring", label: "Start again when the period ends",
                control: .checkbox(checked: values["recurring"] == "on"))
            Tag("div", Attr("data-kinds", Goal.Kind.decadesExplored.rawValue)) {
                Field(
                    name: "since", label: "From the decade of (decades goals)",
                    control: .text(type: "number", value: values["since"], attributes: [Attr("min", "1000")]),
                    hint: "A year such as 1850: a book first published in each decade from then on counts, once per decade.",
                    error: errors["since"])
            }
            Tag("div", Attr("data-kinds", Goal.Kind.share.rawValue)) {
                Field(
                    name: "minimum", label: "Fewest books to count (share goals)",
                    control: .text(
                        type: "number", value: values["minimum"], attributes: [Attr("min", "1"), Attr("max", "1000")]),
                    hint:
                        "A share completes when its period ends at the target over at least this many books whose fact is known (\(Goal.defaultShareMinimum) if left empty): one book is no share.",
                    error: errors["minimum"])
            }
            criteriaFields(values: values, errors: errors, choices: choices)
            Tag("button", .type("submit"), text: editing == nil ? "Create goal" : "Save goal")
        }
    }

    static func confirmDelete(page: PageContext, goal: Goal) -> String {
        Layout.document(title: "Delete goal", page: page) {
            Tag("h1", text: "Delete “\(goal.title)”?")
            Tag("p", text: "Its milestones go with it. Your books stay as they are.")
            PostForm(action: "/goals/\(goal.id.string)/delete", csrfToken: page.csrfToken, cls: "actions") {
                Tag("button", .type("submit"), .cls("danger"), text: "Delete goal")
                Tag("a", .cls("button secondary"), .href("/goals/\(goal.id.string)"), text: "Keep it")
            }
        }
    }

    /// A milestone's mark as the goal counts it: "50%", "30 days", "10 books counted".
    static func mark(_ mark: Int, of goal: Goal) -> String {
        switch goal.kind {
        case .streakDays: InsightFormat.counted(mark, "day")
        case .share: "\(mark) books counted"
        default: "\(mark)%"
        }
    }

    static func paceText(_ standing: GoalService.Standing) -> String {
        standing.goal.paceSentence(standing.progress)
    }

    static func status(_ goal: Goal) -> String {
        switch goal.status {
        case .active: "Active"
        case .paused: "Paused"
        case .completed: "Completed"
        case .abandoned: "Abandoned"
        }
    }

    static func moves(_ status: Goal.Status) -> [(Goal.Status, String)] {
        switch status {
        case .active: [(.paused, "Pause"), (.abandoned, "Abandon")]
        case .paused: [(.active, "Resume"), (.abandoned, "Abandon")]
        case .abandoned: [(.active, "Take it up again")]
        case .completed: []
        }
    }

    static func kindLabel(_ kind: Goal.Kind) -> String {
        switch kind {
        case .books: "Books finished"
        case .pages: "Pages read"
        case .minutes: "Minutes of reading"
        case .streakDays: "Reading streak (days)"
        case .diversity: "Diversity challenge (books that match)"
        case .share: "Share of books (percent that match)"
        case .category: "Books in a genre, on a shelf, or owned"
        case .authorsExplored: "Different authors"
        case .genresExplored: "Different genres"
        case .regionsExplored: "Regions explored"
        case .countriesExplored: "Countries explored"
        case .decadesExplored: "Decades explored (a book from each)"
        }
    }
}

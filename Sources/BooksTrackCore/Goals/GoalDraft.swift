import Foundation

/// A goal as a person fills it in (the web form, the API), checked against the ranges of SPEC F6
/// with a message per field.
public struct GoalDraft: Sendable, Equatable {
    public var title: String
    public var kind: Goal.Kind
    public var target: Int
    public var cadence: Goal.Cadence
    public var recurring: Bool
    public var startsOn: LocalDate
    public var endsOn: LocalDate
    public var criteria: Goal.Criteria

    /// A ready-made goal (seed 004).
    public struct Template: Sendable, Identifiable {
        public var id: String
        public var title: String
        public var summary: String
        public var kind: Goal.Kind
        public var target: Int
        public var cadence: Goal.Cadence
        public var criteria: Goal.Criteria

        /// The template as the web form's fields (the form fills these in, then ``parse``; the API
        /// reads a template as an ``Input``).
        /// A decades template leaves the target out: every decade up to today's.
        public var fields: [String: String] {
            [
                "title": title, "kind": kind.rawValue, "target": target > 0 ? String(target) : "", "cadence": cadence.rawValue,
                "regions": criteria.regions.map(\.rawValue).joined(separator: ","),
                "genders": criteria.genders.map(\.rawValue).joined(separator: ","), "owned": criteria.ownedOnly ? "on" : "",
                "since": criteria.sinceYear.map(String.init) ?? "",
            ]
        }
    }

    public static let templates: [Template] = [
        Template(
            id: "52-books", title: "52 books in 52 weeks", summary: "A book a week for a year.", kind: .books, target: 52,
            cadence: .year, criteria: .init()),
        Template(
            id: "read-women", title: "Read women: 50%", summary: "At least half of this year’s books by women.",
            kind: .share, target: 50, cadence: .year, criteria: .init(genders: [.female])),
        Template(
            id: "around-the-world", title: "Around the world: all 11 regions",
            summary: "Authors from every cultural region this year.", kind: .regionsExplored, target: 11, cadence: .year,
            criteria: .init()),
        Template(
            id: "read-the-world", title: "Read the world: 25 countries",
            summary: "Authors from 25 different countries this year.", kind: .countriesExplored, target: 25, cadence: .year,
            criteria: .init()),
        Template(
            id: "tbr-stack-buster", title: "TBR stack buster", summary: "Finish 10 books you already own.", kind: .category,
            target: 10, cadence: .year, criteria: .init(ownedOnly: true)),
        Template(
            id: "every-decade", title: "A book from every decade since 1850",
            summary: "One book first published in each decade from the 1850s to today’s, this year.",
            kind: .decadesExplored, target: 0, cadence: .year, criteria: .init(sinceYear: 1850)),
    ]

    /// An edit of `goal`: with the same calendar period, the goal keeps its own dates (a 2025
    /// year goal edited in 2026 stays a 2025 goal); a new period or custom dates are taken as given.
    public func keepingPeriod(of goal: Goal) -> GoalDraft {
        guard cadence == goal.cadence, cadence != .custom else { return self }
        var draft = self
        (draft.startsOn, draft.endsOn) = (goal.startsOn, goal.endsOn)
        return draft
    }

    /// The allowed targets of each kind.
    public static func range(of kind: Goal.Kind) -> ClosedRange<Int> {
        switch kind {
        case .books, .category, .authorsExplored: 1...1000
        case .pages: 1...1_000_000
        case .minutes: 1...525_600
        case .streakDays: 1...366
        case .diversity: 1...50
        case .share: 1...100
        case .genresExplored: 1...200
        case .regionsExplored: 1...CulturalRegion.allCases.count
        case .countriesExplored: 1...250
        case .decadesExplored: 1...maximumDecades
        }
    }

    /// What the target counts, for messages and pages.
    public static func unit(of kind: Goal.Kind) -> String {
        switch kind {
        case .books, .diversity, .category: "books"
        case .pages: "pages"
        case .minutes: "minutes"
        case .streakDays: "days"
        case .share: "%"
        case .authorsExplored: "authors"
        case .genresExplored: "genres"
        case .regionsExplored: "regions"
        case .countriesExplored: "countries"
        case .decadesExplored: "decades"
        }
    }

    /// A share goal's fewest books with the fact known (``Goal/Criteria/minimumBooks``).
    public static let minimumBooks = 1...1000

    /// The earliest first decade of a decades goal.
    public static let earliestDecade = 1000
    /// Decades from the 1000s to the 2020s.
    public static let maximumDecades = 103

    /// A title made for a goal left untitled: "30 books in 2026", "A book from every decade since
    /// 1850".
    static func title(
        kind: Goal.Kind, target: Int, cadence: Goal.Cadence, period: ClosedRange<LocalDate>, criteria: Goal.Criteria
    ) -> String {
        if kind == .decadesExplored, let since = criteria.sinceYear {
            return "A book from every decade since \(since)"
                + (target < decades(since: since, until: period.upperBound) ? " (\(target) of them)" : "")
        }
        let what =
            switch kind {
            case .share: "\(target)% of the books"
            case .streakDays: "A \(target)-day streak"
            default: "\(target) \(target == 1 ? String(unit(of: kind).dropLast()) : unit(of: kind))"
            }
        let start = period.lowerBound
        let end = period.upperBound
        switch cadence {
        case .year: return "\(what) in \(start.year)"
        case .month: return "\(what) in \(start.monthName) \(start.year)"
        case .week: return "\(what) in the week from \(start.dayAndMonth)"
        case .custom: return "\(what) by \(end.dayAndMonth) \(end.year)"
        }
    }

    /// The decades from `since`'s to `date`'s, both counted.
    public static func decades(since: Int, until date: LocalDate) -> Int {
        max(0, Int(GoalBoard.decade(date.year) - GoalBoard.decade(since)) / 10 + 1)
    }

    /// The period of a cadence that contains `today`: the calendar year, month, or the week from
    /// Monday.
    public static func period(_ cadence: Goal.Cadence, containing today: LocalDate) -> ClosedRange<LocalDate>? {
        switch cadence {
        case .year:
            return LocalDate(year: today.year, month: 1, day: 1)!...LocalDate(year: today.year, month: 12, day: 31)!
        case .month:
            let first = LocalDate(year: today.year, month: today.month, day: 1)!
            let next =
                today.month == 12
                ? LocalDate(year: today.year + 1, month: 1, day: 1)!
                : LocalDate(year: today.year, month: today.month + 1, day: 1)!
            return first...next.adding(days: -1)
        case .week:
            // Day number 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
            let sinceMonday = ((today.dayNumber + 3) % 7 + 7) % 7
            let monday = today.adding(days: -sinceMonday)
            return monday...monday.adding(days: 6)
        case .custom:
            return nil
        }
    }

    /// The goal that carries a recurring goal on once its period has ended: the same title,
    /// kind, target and criteria over the period of its cadence that contains `today` (a reader
    /// away for several periods starts again in today's, not in each missed one). Nil while the
    /// period lasts, for a goal that does not recur, and for an abandoned one; a paused goal's
    /// next period starts paused.
    public static func next(after goal: Goal, today: LocalDate, now: Date) -> Goal? {
        guard goal.recurring, goal.endsOn < today, goal.status != .abandoned,
            let period = period(goal.cadence, containing: today)
        else { return nil }
        return Goal(
            userID: goal.userID, title: goal.title, kind: goal.kind, target: goal.target, cadence: goal.cadence,
            recurring: true, startsOn: period.lowerBound, endsOn: period.upperBound, criteria: goal.criteria,
            status: goal.status == .paused ? .paused : .active, createdAt: now)
    }

    /// Reads form fields (`title`, `kind`, `target`, `cadence`, `starts_on`, `ends_on`,
    /// `recurring`, and the criteria `regions`, `genders`, `marginalized`, `languages`,
    /// `translated`, `genre`, `shelf`, `owned`, `since`, `minimum`; lists comma-separated):
    /// the text made into an ``Input``, then checked as the API's is.
    public static func parse(_ fields: [String: String], today: LocalDate) -> Result<GoalDraft, FieldErrors> {
        let (input, errors) = Input.form(fields)
        return make(input, errors: errors, today: today)
    }

    /// Checks a goal as a person gave it against SPEC F6's ranges, with a message per field
    /// (`errors`: what reading the input already found wrong, by form field).
    public static func make(_ input: Input, errors given: FieldErrors = FieldErrors(), today: LocalDate)
        -> Result<GoalDraft, FieldErrors>
    {
        var errors = given
        guard let kind = input.kind else {
            errors["kind"] = "Choose what the goal counts."
            return .failure(errors)
        }
        let cadence = input.cadence ?? .year
        var target = Self.target(input, kind: kind, errors: &errors)
        let period = Self.period(of: input, kind: kind, cadence: cadence, today: today, errors: &errors)
        var criteria = Self.criteria(of: input)
        let hasCriteria = criteria != Goal.Criteria()
        if kind == .decadesExplored {
            checkDecades(input, period: period, today: today, criteria: &criteria, target: &target, errors: &errors)
        }
        // Checked whatever the kind (a number out of range is refused, never ignored); kept for a
        // share goal only.
        if let minimum = input.minimum {
            if Self.minimumBooks.contains(minimum) {
                if kind == .share { criteria.minimumBooks = minimum }
            } else {
                errors["minimum"] = Input.minimumMessage
            }
        }
        if (kind == .diversity || kind == .share || kind == .category) && !hasCriteria {
            errors["criteria"] = "Say which books count: a region, a gender, a language, translated, a genre, a shelf or owned."
        }
        guard errors.messages.isEmpty, let period else { return .failure(errors) }
        let title =
            Input.trimmed(input.title).map { String($0.prefix(100)) }
            ?? Self.title(kind: kind, target: target, cadence: cadence, period: period, criteria: criteria)
        return .success(
            GoalDraft(
                title: title, kind: kind, target: target, cadence: cadence, recurring: cadence != .custom && input.recurring,
                startsOn: period.lowerBound, endsOn: period.upperBound, criteria: criteria))
    }

    /// The target as given when it is in the kind's range; 0 for a decades goal left without one
    /// (every decade, worked out once the period is known) or when it is refused.
    private static func target(_ input: Input, kind: Goal.Kind, errors: inout FieldErrors) -> Int {
        let range = range(of: kind)
        if let value = input.target, range.contains(value) {
            return value
        } else if kind == .decadesExplored && input.target == nil && errors["target"] == nil {
            // Every decade from the first one on: worked out below, once the period is known.
        } else {
            errors["target"] = "The target is a whole number from \(range.lowerBound) to \(range.upperBound) \(unit(of: kind))."
        }
        return 0
    }

    /// The days the goal runs: the cadence's period containing today, or the custom dates, which
    /// must be in order and at most five years apart. A diversity challenge runs 3 to 12 months.
    private static func period(
        of input: Input, kind: Goal.Kind, cadence: Goal.Cadence, today: LocalDate, errors: inout FieldErrors
    ) -> ClosedRange<LocalDate>? {
        var period = Self.period(cadence, containing: today)
        if cadence == .custom {
            if input.startsOn == nil { errors["starts_on"] = "Give the first day as YYYY-MM-DD." }
            if input.endsOn == nil { errors["ends_on"] = "Give the last day as YYYY-MM-DD." }
            if let start = input.startsOn, let end = input.endsOn {
                if end < start {
                    errors["ends_on"] = "The last day is before the first."
                } else if end.dayNumber - start.dayNumber > 5 * 366 {
                    errors["ends_on"] = "A goal lasts at most five years."
                } else {
                    period = start...end
                }
            }
        }
        if kind == .diversity, let days = period.map({ $0.upperBound.dayNumber - $0.lowerBound.dayNumber + 1 }),
            !(89...366).contains(days)
        {
            errors["cadence"] = "A diversity challenge runs from 3 to 12 months (a year, or custom dates)."
        }
        return period
    }

    /// Which books count, as given: each region, gender and language once, in the order given;
    /// a genre and a shelf of at most 100 characters.
    private static func criteria(of input: Input) -> Goal.Criteria {
        var criteria = Goal.Criteria()
        for region in input.regions where !criteria.regions.contains(region) { criteria.regions.append(region) }
        for gender in input.genders where !criteria.genders.contains(gender) { criteria.genders.append(gender) }
        for language in input.languages where !criteria.languages.contains(language) {
            criteria.languages.append(language)
        }
        criteria.marginalizedOnly = input.marginalized
        criteria.translatedOnly = input.translated
        criteria.ownedOnly = input.owned
        criteria.genre = Input.trimmed(input.genre).map { String($0.prefix(100)) }
        criteria.shelf = Input.trimmed(input.shelf).map { String($0.prefix(100)) }
        return criteria
    }

    /// A decades goal: the decade a book counts from, which it must have, and the target, every
    /// decade from it to the end of the period when none was given and never more.
    private static func checkDecades(
        _ input: Input, period: ClosedRange<LocalDate>?, today: LocalDate, criteria: inout Goal.Criteria,
        target: inout Int, errors: inout FieldErrors
    ) {
        let latest = Int(GoalBoard.decade(today.year))
        if let year = input.since {
            if (earliestDecade...today.year).contains(year) {
                criteria.sinceYear = Int(GoalBoard.decade(year))
            } else {
                errors["since"] = "The first decade is a year from \(earliestDecade) to \(latest), like 1850."
            }
        } else if errors["since"] == nil {
            errors["since"] = "Say from which decade on a book counts: a year like 1850."
        }
        if let since = criteria.sinceYear, let period {
            let available = decades(since: since, until: period.upperBound)
            if target == 0 && errors["target"] == nil {
                target = available
            } else if target > available {
                errors["target"] =
                    "From the \(since)s to the end of the goal there are \(available) decades: the target is at most \(available)."
            }
        }
    }
}

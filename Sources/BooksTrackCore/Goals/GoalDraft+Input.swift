import Foundation

extension GoalDraft {
    /// A goal as a person gave it, typed but not yet checked: the web form reads its text into
    /// one (``form(_:)``), the API decodes its JSON into one, an edit starts from the goal's own
    /// (``init(goal:)``); ``GoalDraft/make(_:errors:today:)`` checks it the same way for all.
    public struct Input: Sendable, Equatable {
        public var title: String?
        public var kind: Goal.Kind?
        public var target: Int?
        public var cadence: Goal.Cadence?
        public var startsOn: LocalDate?
        public var endsOn: LocalDate?
        public var recurring = false
        public var regions: [CulturalRegion] = []
        public var genders: [Gender] = []
        public var languages: [LanguageCode] = []
        public var marginalized = false
        public var translated = false
        public var owned = false
        public var genre: String?
        public var shelf: String?
        /// A decades goal's first decade, as a year.
        public var since: Int?
        /// A share goal's fewest books with the fact known.
        public var minimum: Int?

        public init() {}

        /// The input that makes `goal` again (an edit changes some of it).
        public init(goal: Goal) {
            let criteria = goal.criteria
            title = goal.title
            kind = goal.kind
            target = goal.target
            cadence = goal.cadence
            startsOn = goal.startsOn
            endsOn = goal.endsOn
            recurring = goal.recurring
            regions = criteria.regions
            genders = criteria.genders
            languages = criteria.languages
            marginalized = criteria.marginalizedOnly
            translated = criteria.translatedOnly
            owned = criteria.ownedOnly
            genre = criteria.genre
            shelf = criteria.shelf
            since = criteria.sinceYear
            minimum = criteria.minimumBooks
        }

        /// A template's goal (seed 004); a decades template leaves the target out: every decade
        /// up to today's.
        public init(template: Template) {
            title = template.title
            kind = template.kind
            target = template.target > 0 ? template.target : nil
            cadence = template.cadence
            regions = template.criteria.regions
            genders = template.criteria.genders
            owned = template.criteria.ownedOnly
            since = template.criteria.sinceYear
        }

        /// Reads the web form's fields; what cannot be read is said by form field.
        public static func form(_ fields: [String: String]) -> (Input, FieldErrors) {
            var errors = FieldErrors()
            func text(_ name: String) -> String? { trimmed(fields[name]) }
            func list(_ name: String) -> [String] {
                (fields[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            }
            func flag(_ name: String) -> Bool { ["on", "true", "yes", "1"].contains(fields[name]?.lowercased() ?? "") }

            var input = Input()
            input.title = text("title")
            input.kind = text("kind").flatMap(Goal.Kind.init(rawValue:))
            input.cadence = text("cadence").flatMap(Goal.Cadence.init(rawValue:))
            if text("cadence") != nil, input.cadence == nil { errors["cadence"] = cadenceMessage }
            if let given = text("target") {
                input.target = Int(given)
                // Out of the kind's range says the same; without a kind nothing more is said.
                if input.target == nil, let kind = input.kind {
                    let range = GoalDraft.range(of: kind)
                    errors["target"] =
                        "The target is a whole number from \(range.lowerBound) to \(range.upperBound) \(GoalDraft.unit(of: kind))."
                }
            }
            input.startsOn = text("starts_on").flatMap(LocalDate.init)
            input.endsOn = text("ends_on").flatMap(LocalDate.init)
            input.recurring = flag("recurring")
            input.regions = regions(list("regions"), errors: &errors)
            input.genders = genders(list("genders"), errors: &errors)
            input.languages = languages(list("languages"), errors: &errors)
            input.marginalized = flag("marginalized")
            input.translated = flag("translated")
            input.owned = flag("owned")
            input.genre = text("genre")
            input.shelf = text("shelf")
            if let given = text("since") {
                input.since = Int(given)
                // Read for a decades goal only, as the form shows it only for one.
                if input.since == nil, input.kind == .decadesExplored {
                    errors["since"] = "The first decade is a year from \(GoalDraft.earliestDecade) on, like 1850."
                }
            }
            if let given = text("minimum") {
                input.minimum = Int(given)
                if input.minimum == nil { errors["minimum"] = minimumMessage }
            }
            return (input, errors)
        }

        /// Regions by the names the app shows ("Middle East") or the API's codes.
        public static func regions(_ names: [String], errors: inout FieldErrors) -> [CulturalRegion] {
            read(names, as: CulturalRegion.init(lenient:), field: "regions", errors: &errors) {
                "“\($0)” is not one of the 11 regions: \(CulturalRegion.allCases.map(\.displayName).joined(separator: ", "))."
            }
        }

        /// Genders by name ("Non-binary") or code.
        public static func genders(_ names: [String], errors: inout FieldErrors) -> [Gender] {
            read(names, as: Gender.init(lenient:), field: "genders", errors: &errors) {
                "“\($0)” is not a gender BooksTrack records: female, male, non-binary or other."
            }
        }

        /// Languages by English name ("Japanese") or code.
        public static func languages(_ names: [String], errors: inout FieldErrors) -> [LanguageCode] {
            read(names, as: LanguageCode.init(lenient:), field: "languages", errors: &errors) {
                "“\($0)” is not a language BooksTrack knows: give its English name, such as Japanese."
            }
        }

        /// The values `names` name; a name that names none is said under `field` (its first 40
        /// characters).
        private static func read<Value>(
            _ names: [String], as value: (String) -> Value?, field: String, errors: inout FieldErrors,
            refusal: (Substring) -> String
        ) -> [Value] {
            names.compactMap { name in
                guard let read = value(name) else {
                    errors[field] = refusal(name.prefix(40))
                    return nil
                }
                return read
            }
        }

        static let cadenceMessage = "Choose a period: year, month, week or custom dates."
        static let minimumMessage = "The fewest books to count is a whole number from 1 to 1000."

        /// Text without surrounding space; nil when nothing is left.
        static func trimmed(_ text: String?) -> String? {
            let value = text?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
    }
}

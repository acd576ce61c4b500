import Foundation

/// A goal suggested from the reader's own history (seed 004, issue 20 item 16), by a rule that is
/// said with it: "You read 3 translated books in 2025: try 5?".
public struct GoalSuggestion: Sendable, Equatable, Identifiable {
    /// Which rule made it: `books`, `translated`, `women`, `regions`.
    public var id: String
    public var title: String
    /// What in the reader's history it comes from.
    public var reason: String
    /// Why this target: "Recommended: challenging but achievable …".
    public var recommendation: String
    /// The goal as form fields (the form posts them as they are).
    public var fields: [String: String]
}

extension GoalBoard {
    /// Books finished in the last twelve months (today included) with at least this many known
    /// before a rule speaks: fewer would make a suggestion louder than its data (SPEC §4).
    public static let suggestionMinimum = MinimumData.books

    /// Goals for this calendar year suggested from the last twelve months and the last calendar
    /// year, skipping a kind the reader already has an active goal of this year for:
    ///
    /// 1. **Books**: at least 5 finished in the last twelve months → about 10% more this year
    ///    (at least one more): challenging but achievable at the reader's own pace.
    /// 2. **Translated**: some translated books last year → two more this year.
    /// 3. **Women**: gender known for at least 5 books of the last twelve months and under half
    ///    of them by women → half this year.
    /// 4. **Regions**: region known for at least 5 books of the last twelve months, from fewer
    ///    than 11 regions → two regions more (at most 11).
    public func suggestions(today: LocalDate, existing: [Goal]) -> [GoalSuggestion] {
        guard let thisYear = GoalDraft.period(.year, containing: today),
            let lastYear = GoalDraft.period(.year, containing: LocalDate(year: today.year - 1, month: 6, day: 1)!)
        else { return [] }
        func has(_ kind: Goal.Kind, _ criteria: Goal.Criteria = .init()) -> Bool {
            existing.contains {
                $0.status == .active && $0.kind == kind && $0.criteria == criteria && $0.endsOn >= today
                    && $0.startsOn <= thisYear.upperBound
            }
        }
        let window = today.adding(days: -364)...today
        let recent = finished(in: window)
        return [
            has(.books) ? nil : booksSuggestion(recent: recent, window: window, year: today.year),
            has(.diversity, .init(translatedOnly: true)) ? nil : translatedSuggestion(lastYear: lastYear, year: today.year),
            has(.share, .init(genders: [.female])) ? nil : womenSuggestion(recent: recent, year: today.year),
            has(.regionsExplored) ? nil : regionsSuggestion(recent: recent, year: today.year),
        ].compactMap { $0 }
    }

    /// About a tenth more books than the last twelve months (rule 1).
    private func booksSuggestion(recent: [Int32], window: ClosedRange<LocalDate>, year: Int) -> GoalSuggestion? {
        guard recent.count >= Self.suggestionMinimum else { return nil }
        let months = Double(window.upperBound.dayNumber - window.lowerBound.dayNumber + 1) / 30.436875
        let target = min(1000, max(recent.count + 1, Int((Double(recent.count) * 1.1).rounded(.up))))
        let perMonth = String(format: "%.1f", Double(recent.count) / months)
        return GoalSuggestion(
            id: "books", title: "\(target) books in \(year)",
            reason: "You finished \(recent.count) books in the last 12 months (\(perMonth) a month).",
            recommendation: "Recommended: \(target) is challenging but achievable — about a tenth more than your own pace.",
            fields: ["kind": "books", "target": String(target), "cadence": "year", "title": "\(target) books in \(year)"])
    }

    /// Two translated books more than last year (rule 2).
    private func translatedSuggestion(lastYear: ClosedRange<LocalDate>, year: Int) -> GoalSuggestion? {
        let translated = finished(in: lastYear).filter { books[Int($0)].translated }.count
        guard translated > 0 else { return nil }
        let target = min(50, translated + 2)
        return GoalSuggestion(
            id: "translated", title: "\(target) translated books in \(year)",
            reason: "You read \(translated == 1 ? "1 translated book" : "\(translated) translated books") in \(year - 1).",
            recommendation: "Recommended: two more than last year — a step, not a leap.",
            fields: [
                "kind": "diversity", "target": String(target), "cadence": "year", "translated": "on",
                "title": "\(target) translated books in \(year)",
            ])
    }

    /// Half by women, when under half of the books with a known author gender were (rule 3).
    private func womenSuggestion(recent: [Int32], year: Int) -> GoalSuggestion? {
        let female = GoalBoard.bit(.female)
        let knownGender = recent.filter { books[Int($0)].genderMask != 0 }
        let women = knownGender.filter { books[Int($0)].genderMask & female != 0 }.count
        guard knownGender.count >= Self.suggestionMinimum, women * 2 < knownGender.count else { return nil }
        let percent = Int(saturating: (Double(women) / Double(knownGender.count) * 100).rounded())
        return GoalSuggestion(
            id: "women", title: "Read women: 50% in \(year)",
            reason:
                "In the last 12 months \(percent)% of the books whose author’s gender you know were by women (\(women) of \(knownGender.count); \(recent.count - knownGender.count) unknown).",
            recommendation: "Recommended: half — the balance the score’s gender part rewards.",
            fields: [
                "kind": "share", "target": "50", "cadence": "year", "genders": "female", "title": "Read women: 50% in \(year)",
            ])
    }

    /// Two regions more than the last twelve months, up to all of them (rule 4).
    private func regionsSuggestion(recent: [Int32], year: Int) -> GoalSuggestion? {
        let knownRegion = recent.filter { books[Int($0)].regionMask != 0 }
        let regions = knownRegion.reduce(UInt16(0)) { $0 | books[Int($1)].regionMask }.nonzeroBitCount
        let allRegions = CulturalRegion.allCases.count
        guard knownRegion.count >= Self.suggestionMinimum, regions < allRegions else { return nil }
        let target = min(allRegions, regions + 2)
        return GoalSuggestion(
            id: "regions", title: "\(target) regions in \(year)",
            reason:
                "Your books of the last 12 months come from \(regions) of the \(allRegions) regions (region known for \(knownRegion.count) of \(recent.count)).",
            recommendation: "Recommended: two regions more than the last 12 months.",
            fields: [
                "kind": "regionsExplored", "target": String(target), "cadence": "year", "title": "\(target) regions in \(year)",
            ])
    }

    /// The books finished in a range of days, each once.
    func finished(in days: ClosedRange<LocalDate>) -> [Int32] {
        let slice =
            Self.first(
                finishDays, atLeast: days.lowerBound.dayNumber)..<Self.first(
                finishDays, atLeast: days.upperBound.dayNumber + 1)
        var seen = Set<Int32>()
        return finishBooks[slice].filter { seen.insert($0).inserted }
    }
}

/// Where a running goal stands against its period, and the one sentence every face says of it
/// (SPEC F6: pace in the goal's own unit — books, pages, minutes; a streak in days in a row; a
/// share in the books it takes).
extension Goal {
    /// On track, ahead or behind: the progress expected by today is the target times the share
    /// of the period gone; more than 20% below it is behind, 20% above it ahead.
    func pace(current: Double, today: LocalDate) -> GoalProgress.Pace {
        if current >= Double(target) { return .done }
        if today > endsOn { return .ended }
        if today < startsOn { return .notStarted }
        let length = Double(endsOn.dayNumber - startsOn.dayNumber + 1)
        let gone = Double(today.dayNumber - startsOn.dayNumber + 1)
        let expected = Double(target) * gone / length
        if current >= expected * 1.2 { return .ahead }
        if current >= expected * 0.8 { return .onTrack }
        return .behind(left: Double(target) - current, daysLeft: endsOn.dayNumber - today.dayNumber + 1)
    }

    /// A share goal's pace: done only once its period is over with the share at the target
    /// over at least ``shareMinimum`` books; while it runs, on track at or above the target,
    /// else the books in a row that match it would take to reach it.
    func sharePace(share: Double, known: Int, matching: Int, today: LocalDate) -> GoalProgress.Pace {
        if today > endsOn { return share >= Double(target) && known >= shareMinimum ? .done : .ended }
        if today < startsOn { return .notStarted }
        if share >= Double(target) && known > 0 { return .onTrack }
        // The fewest next books, all matching, that bring matching / known up to the target.
        let wanted = Double(target) / 100
        guard wanted < 1 else { return .needs(books: matching == known ? 1 : nil) }
        let needed = ((wanted * Double(known) - Double(matching)) / (1 - wanted)).rounded(.up)
        return .needs(books: max(1, Int(saturating: needed)))
    }

    /// A streak goal's pace: a streak is days in a row, so no weekly rate — the run still alive,
    /// whether it broke, and whether the target still fits before the period ends.
    /// - Parameters:
    ///   - longest: the longest run in the period so far (the goal's progress).
    ///   - run: the run still alive: ending today, or yesterday while today is not read yet.
    ///   - readToday: whether today is a reading day.
    func streakPace(longest: Int, run: Int, readToday: Bool, today: LocalDate) -> GoalProgress.Pace {
        if longest >= target { return .done }
        if today > endsOn { return .ended }
        if today < startsOn { return .notStarted }
        // The days still to read: from tomorrow when today is read, else from today.
        let daysLeft = endsOn.dayNumber - today.dayNumber + (readToday ? 0 : 1)
        return .streak(run: run, broken: run == 0 && longest > 0, fits: target - run <= daysLeft)
    }

    /// The pace in words, in the goal's own unit: "1,680 pages to go in 2 days — about 840 a
    /// day.", "Streak broken. Start a new one today!", "Your next 3 books, if all count, bring
    /// you to 50%." The web's goal cards, home, reading insights and the CLI all say this.
    public func paceSentence(_ progress: GoalProgress) -> String {
        switch progress.pace {
        case .done: return "Reached. Well done!"
        case .ended: return "The period is over."
        case .notStarted: return "Starts \(startsOn.longDescription)."
        case .ahead: return "You’re ahead!"
        case .onTrack: return "On track."
        case .needs(let books?):
            return books == 1
                ? "Your next book, if it counts, brings you to \(target)%."
                : "Your next \(books) books, if all count, bring you to \(target)%."
        case .needs(nil):
            return "\(target)% can no longer be reached this period."
        case .streak(let run, let broken, let fits):
            if !fits { return "A \(target)-day streak no longer fits before \(endsOn.longDescription)." }
            if broken { return "Streak broken. Start a new one today!" }
            if run == 0 { return "Read today to start your streak: \(InsightFormat.counted(target, "day")) in a row." }
            return
                "\(InsightFormat.counted(run, "day")) in a row so far: \(InsightFormat.counted(target - run, "more day")) to go."
        case .behind(let left, let daysLeft):
            let unit = GoalDraft.unit(of: kind)
            let whole = Int(saturating: left.rounded(.up))
            let toGo = InsightFormat.counted(whole, String(unit.dropLast()))
            switch kind {
            // Regions, countries and decades are found, not read at a rate.
            case .regionsExplored, .countriesExplored, .decadesExplored:
                return "\(toGo) to find by \(endsOn.longDescription)."
            default:
                if daysLeft <= 1 { return "\(toGo) to go today." }
                // Pages and minutes are whole; books, authors and genres a week may be a fraction.
                let fractional = kind != .pages && kind != .minutes
                func rate(_ value: Double) -> String {
                    fractional ? InsightFormat.number(value) : InsightFormat.grouped(Int(saturating: value.rounded(.up)))
                }
                if daysLeft < 14 {
                    return "\(toGo) to go in \(daysLeft) days — about \(rate(left / Double(daysLeft))) a day."
                }
                return "\(toGo) to go by \(endsOn.longDescription) — about \(rate(left / Double(daysLeft) * 7)) a week."
            }
        }
    }
}

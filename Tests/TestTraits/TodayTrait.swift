import BooksTrackCore
import BooksTrackTestSupport
import Testing

/// `.today("2026-11-21")`: the day a suite's (or a test's) reader lives on, read as
/// `TestClock.today`, instead of a date written into each suite.
public struct TodayTrait: SuiteTrait, TestTrait, TestScoping {
    let day: LocalDate
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TestClock.$today.withValue(day) { try await function() }
    }
}

extension Trait where Self == TodayTrait {
    /// The day `TestClock.today` is, as YYYY-MM-DD.
    public static func today(_ day: String) -> Self {
        guard let date = LocalDate(day) else { preconditionFailure("not a day: \(day)") }
        return TodayTrait(day: date)
    }
}

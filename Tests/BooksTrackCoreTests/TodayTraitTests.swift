import BooksTrackCore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Testing

/// The harness the dated suites rely on: a suite's `.today` reaches its tests, a test's own wins.
@Suite("The day a suite lives on", .today("2026-06-30"))
struct TodayTraitTests {
    @Test("A suite's day reaches its tests")
    func suiteDay() { #expect(TestClock.today == LocalDate("2026-06-30")) }

    @Test("A test's own day wins over its suite's", .today("2027-01-01"))
    func testDay() { #expect(TestClock.today == LocalDate("2027-01-01")) }

}

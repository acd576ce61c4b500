import BooksTrackCore
import Foundation

extension User {
    /// The reader's calendar day at an instant, in their time zone (the server's when unset).
    public func today(at now: Date) -> LocalDate { LocalDate(now, in: timeZone) }

    /// The reader's time zone; the server's when they have not chosen one.
    public var timeZone: TimeZone { settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current }
}

import Foundation

/// A day on the calendar (`YYYY-MM-DD`), as a baseline entry's expiry is written.
///
/// Days are UTC days, so an entry expires at the same moment on every CI runner whatever
/// its time zone.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil (`2027-02-30`, `27-1-1`).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public init?(year: Int, month: Int, day: Int) {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        guard (1...12).contains(month), day >= 1, let date = Self.calendar.date(from: components),
              Self.calendar.component(.day, from: date) == day, Self.calendar.component(.month, from: date) == month else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The UTC day `date` falls on.
    public init(_ date: Date) {
        let components = Self.calendar.dateComponents([.year, .month, .day], from: date)
        (year, month, day) = (components.year!, components.month!, components.day!)
    }

    /// Today, in UTC.
    public static var today: CalendarDate { CalendarDate(Date()) }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(Self.calendar.date(byAdding: .day, value: days, to: start)!)
    }

    /// Midnight UTC at the start of the day.
    public var start: Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

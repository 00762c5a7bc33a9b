import SessionCore
import JSON

/// `calendar.month`: a month's days marked done, missed or planned, and the streak of
/// weeks that met the plan (`TrainingCalendar`).
public enum CalendarMonth: MethodContract {
    public static let method = MethodDescription(
        name: "calendar.month", summary: "A month's days marked done, missed, planned or none, and the streak of weeks that met the plan.",
        readsOnly: true)

    @CodedParams
    public struct Params: MethodParams {
        /// `YYYY-MM`; nil: today's month.
        @Param(.string, maxLength: 7, "the month as YYYY-MM (default: today's)")
        public var month: String?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let month, Self.parts(month) == nil, !params.failed("month") { params.fail("month", "must be a month as YYYY-MM, got \"\(month)\"") }
        }

        /// `YYYY-MM`, the year in four digits (0001-01, which `parts` reads back).
        public static func text(year: Int, month: Int) -> String {
            let digits = String(year)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + (month < 10 ? "0" : "") + String(month)
        }

        /// The year and month of `YYYY-MM`.
        public static func parts(_ text: String) -> (year: Int, month: Int)? {
            guard let date = LocalDate(text + "-01") else { return nil }
            return (date.year, date.month)
        }
    }

    @Coded
    public struct Result: CodedResult, Equatable {
        public var month = ""
        @Member(.date) public var today = ""
        public var days: [Day] = []
        /// Weeks in a row that met the plan (`TrainingCalendar.streak`).
        public var streakWeeks = 0

        public init(month: String, today: LocalDate, days: [TrainingCalendar.Day], streakWeeks: Int) {
            self.month = month
            self.today = today.description
            self.days = days.map { item in Day { $0.date = item.date.description; $0.mark = item.mark; $0.sessions = item.sessions } }
            self.streakWeeks = streakWeeks
        }

        @Coded
        public struct Day: CodedResult, Equatable {
            @Member(.date) public var date = ""
            public var mark: TrainingCalendar.Mark = .none
            public var sessions = 0
        }
    }
}

import SessionCore

/// Google Fit's Takeout `Daily activity metrics.csv`: one row a day, its columns
/// varying by account (a column's name says its unit). The days' step counts and
/// average weights become daily values; each is a day's total already,
/// so it goes in as it stands (no hour to choose a source by). A value that is not a
/// number is refused with its line and column name; a number outside its type's
/// plausible bounds is left out and counted, by its line.
public enum GoogleFitReader {
    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The columns read, each with the kind it gives.
    /// (Its average heart rate is the day's, not a resting one: left out.)
    public static let columns: [(name: String, kind: HealthDays.Kind)] = [("Step count", .steps), ("Average weight (kg)", .bodyMassKg)]

    /// A file larger than this is refused before it is read (a row a day: a century is
    /// under 8 MiB).
    public static let maximumBytes = 16 << 20

    /// The daily values, the rows read and the rows that gave one.
    public static func read(_ bytes: [UInt8]) throws -> (days: HealthDays.Accumulator, records: Int, kept: Int, leftOut: HealthDays.LeftOut) {
        var reader = try CSVTable.Reader(bytes: bytes)
        guard let dateColumn = reader.header.firstIndex(of: "Date") else {
            throw Failure(line: 1, message: "no Date column: not Google Fit's daily activity metrics")
        }
        let header = reader.header
        let wanted = columns.compactMap { column in header.firstIndex(of: column.name).map { (index: $0, column: column) } }
        var days = HealthDays.Accumulator()
        var (records, kept) = (0, 0)
        var leftOut = HealthDays.LeftOut()
        // The line of each day's row: a day's totals are one row, and a second would add
        // to them (two Takeouts joined whose dates overlap).
        var lines: [LocalDate: Int] = [:]
        while let record = try reader.next() {
            records += 1
            let before = days.added
            defer { if days.added > before { kept += 1 } }
            let fields = record.fields
            guard let date = LocalDate(fields[dateColumn].trimmingWhitespace()) else {
                throw Failure(line: record.line, message: "Date \"\(fields[dateColumn])\" is no date (YYYY-MM-DD)")
            }
            if let first = lines.updateValue(record.line, forKey: date) {
                throw Failure(line: record.line, message: "\(date) has a row on line \(first) too: a day's totals are one row (two exports joined?); keep one")
            }
            // The day, its end when its total is complete; the file gives no offset, so
            // its instants are the wall clock's read as UTC (only steps and weights are
            // read: no length is measured between them).
            let (start, end) = (LocalDateTime(date: date, secondOfDay: 0), LocalDateTime(date: date, secondOfDay: 86_399))
            for (index, column) in wanted {
                let text = fields[index].trimmingWhitespace()
                guard !text.isEmpty else { continue }
                guard let value = text.decimalValue, value.isFinite else {
                    throw Failure(line: record.line, message: "\(column.name) \"\(text.quotedShort)\" is " + (text.decimalValue == nil ? "not a number" : "a number too large"))
                }
                if let problem = column.kind.problem(with: value) {
                    leftOut.add("line \(record.line)", "\(column.name) of \(problem)")
                    continue
                }
                try days.add(HealthDays.Sample(kind: column.kind, start: start, end: end, startMs: Int64(start.secondsSinceEpoch) * 1000,
                                               endMs: Int64(end.secondsSinceEpoch) * 1000, value: value, source: "Google Fit"))
            }
        }
        return (days, records, kept, leftOut)
    }
}

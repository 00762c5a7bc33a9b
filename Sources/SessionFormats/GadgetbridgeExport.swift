import CSQLite
import SessionCore

/// The database Gadgetbridge exports (the open-source companion of Mi Band, Amazfit,
/// PineTime, Garmin and other watches), read as health samples. It is opened immutable
/// (`SQLiteFile`): nothing in or beside it is written. Its tables follow the
/// device (greenDAO entities, UPPER_SNAKE names); sessiond reads those of the shapes it
/// knows, whatever the device:
///
/// * `…_ACTIVITY_SAMPLE` (`TIMESTAMP` in seconds, `DEVICE_ID`, `STEPS`): a minute each;
///   steps summed per device and UTC hour in SQL, so a year of minutes comes as hours.
/// * `…_HEART_RATE_RESTING_SAMPLE` (`TIMESTAMP` in milliseconds, `HEART_RATE`): resting
///   heart rate; a reading outside 20–250 (255, 0, −1: none) is left out.
/// * `…_WEIGHT_SAMPLE` (`TIMESTAMP` in milliseconds, `WEIGHT_KG`): body mass.
/// * Sleep stages (`TIMESTAMP` in milliseconds, `STAGE`), joined into spells asleep:
///   `GARMIN_SLEEP_STAGE_SAMPLE`, a minute a row (2 light, 3 deep, 4 REM asleep; 1
///   awake, 0 unmeasured); `XIAOMI_SLEEP_STAGE_SAMPLE`, a row where the stage changes,
///   lasting to the next row (3 light, 2 deep, 4 REM asleep; 5 awake, 0 not asleep, 1
///   unknown; the night's last row ends it).
///
/// A file that is not an SQLite database, or one without Gadgetbridge's `DEVICE` table
/// and sample tables, is refused by name. Every schema since 2017 reads: only the
/// columns a table has are asked for (a `DEVICE` table before `ALIAS` names devices by
/// `NAME`). A row whose time lies outside `Checked.instantsMs` (a device's garbage, up
/// to ±2^63), or whose value is implausible, is left out and counted (`Read.leftOut`).
public enum GadgetbridgeExport {
    /// A device family's table of sleep stages: which stages are sleep, and how long a
    /// row lasts.
    struct SleepStages {
        let asleep: ClosedRange<Int64>
        /// A row's stage lasts a minute (Garmin), or until the next row (Xiaomi), when
        /// that comes within a stage's longest plausible stretch.
        let minute: Bool

        init?(table: String) {
            switch table {
            case "GARMIN_SLEEP_STAGE_SAMPLE": (asleep, minute) = (2...4, true)
            case "XIAOMI_SLEEP_STAGE_SAMPLE": (asleep, minute) = (2...4, false)
            default: return nil
            }
        }

        func end(of time: Int64, next: Int64?) -> Int64? {
            if minute { return time + 60_000 }
            guard let next, next > time, next - time <= 12 * 3_600_000 else { return nil }
            return next
        }
    }


    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }

    /// What a read counted; its samples went to the caller one by one as they were read.
    public struct Read: Sendable {
        /// Rows read (activity hours count as one each), and those kept.
        public var records = 0
        public var kept = 0
        /// Rows of impossible times or implausible values, left out.
        public var leftOut = HealthDays.LeftOut()
    }

    /// Reads `path`, handing each sample kept to `sample` as it is read (memory follows
    /// a row, not the tables: a caller keeps what the days need); `localTime` turns Unix
    /// milliseconds into the wall-clock time the days are counted in. An error `sample`
    /// throws ends the read, named in the failure.
    public static func read(path: String, localTime: (Int64) -> LocalDateTime, sample: (HealthDays.Sample) throws -> Void) throws(Failure) -> Read {
        let file: SQLiteFile
        do {
            file = try SQLiteFile(path: path)
        } catch {
            throw Failure(message: "cannot open it as a database: \(error)")
        }
        do {
            return try read(file, localTime: localTime, sample: sample)
        } catch let failure as Failure {
            throw failure
        } catch let error as SQLiteFile.Failure where error.isNotADatabase {
            throw Failure(message: "not an SQLite database (Gadgetbridge's export is its database file)")
        } catch {
            throw Failure(message: "\(error)")
        }
    }

    private static func read(_ file: SQLiteFile, localTime: (Int64) -> LocalDateTime, sample: (HealthDays.Sample) throws -> Void) throws -> Read {
        let tables = try file.rows("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.text("name") }
        let samples = tables.filter { $0.hasSuffix("_SAMPLE") }
        guard tables.contains("DEVICE"), !samples.isEmpty else {
            throw Failure(message: "not a Gadgetbridge database: it has no DEVICE table and sample tables (its tables: \(tables.sorted().prefix(8).joined(separator: ", ")))")
        }
        // A column computed as it is read (a generated one) runs what the file says at
        // every row: Gadgetbridge makes none, so a file that has one is refused.
        for table in ["DEVICE"] + samples {
            if let generated = try file.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)", [table], { $0.text("name") }).first {
                throw Failure(message: "\(table).\(generated) is a generated column, which no Gadgetbridge database has: the file is refused")
            }
        }
        func columns(_ table: String) throws -> Set<String> {
            Set(try file.rows("SELECT name FROM pragma_table_info(?)", [table]) { $0.text("name") })
        }
        // Each name a device may have, of those its schema has: ALIAS came in 2019.
        let deviceColumns = try columns("DEVICE")
        let names = ["ALIAS", "NAME"].filter(deviceColumns.contains).map { "nullif(\($0), '')" }
        let name = "coalesce(" + (names + ["'device ' || _id"]).joined(separator: ", ") + ")"
        let devices = Dictionary(try file.rows("SELECT _id, \(name) AS name FROM DEVICE") { ($0.int64("_id"), $0.text("name")) },
                                 uniquingKeysWith: { first, _ in first })
        func source(_ device: Int64) -> String { String("Gadgetbridge \(devices[device] ?? "device \(device)")".prefix(HealthSample.sourceLength)) }
        var read = Read()
        func add(_ kind: HealthDays.Kind, startMs: Int64, endMs: Int64, value: Double, device: Int64) throws {
            if let problem = kind.problem(with: value) {
                read.leftOut.add(source(device), problem)
                return
            }
            try sample(HealthDays.Sample(kind: kind, start: localTime(startMs), end: localTime(endMs), startMs: startMs, endMs: endMs, value: value, source: source(device)))
            read.kept += 1
        }
        /// Milliseconds of `table`'s TIMESTAMP `time` (`unit` 1000: seconds), nil and
        /// counted when they name no instant a person lived in.
        func instant(_ table: String, _ time: Int64, unit: Int64 = 1) -> Int64? {
            guard let product = Checked.product(time, unit), let ms = Checked.instant(ms: product) else {
                read.leftOut.add("\(table) TIMESTAMP \(time)", "no time between 1900 and 9999")
                return nil
            }
            return ms
        }
        for table in samples.sorted() {
            let has = try columns(table)
            guard has.contains("TIMESTAMP"), has.contains("DEVICE_ID") else { continue }
            let quoted = "\"" + table.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            if table.hasSuffix("_ACTIVITY_SAMPLE"), has.contains("STEPS") {
                // A minute a row: each device's steps of each hour, summed here.
                // total(): a float, which no count of steps overflows as sum() would.
                try file.each("SELECT TIMESTAMP / 3600 * 3600 AS hour, DEVICE_ID, total(STEPS) AS steps FROM \(quoted) WHERE STEPS > 0 GROUP BY 1, 2", table: table) { row in
                    read.records += 1
                    guard let startMs = instant(table, row.int64("hour"), unit: 1000), let endMs = Checked.sum(startMs, 3_599_000) else { return }
                    try add(.steps, startMs: startMs, endMs: endMs, value: row.double("steps"), device: row.int64("DEVICE_ID"))
                }
            } else if table.hasSuffix("_HEART_RATE_RESTING_SAMPLE"), has.contains("HEART_RATE") {
                try file.each("SELECT TIMESTAMP, DEVICE_ID, HEART_RATE FROM \(quoted)", table: table) { row in
                    read.records += 1
                    // 255, 0 and -1 mean no reading: left out without a word.
                    let rate = row.int64("HEART_RATE")
                    guard HistoryLimits.heartRate.contains(Int(clamping: rate)), let ms = instant(table, row.int64("TIMESTAMP")) else { return }
                    try add(.restingHeartRate, startMs: ms, endMs: ms, value: Double(rate), device: row.int64("DEVICE_ID"))
                }
            } else if table.hasSuffix("_WEIGHT_SAMPLE"), has.contains("WEIGHT_KG") {
                try file.each("SELECT TIMESTAMP, DEVICE_ID, WEIGHT_KG FROM \(quoted)", table: table) { row in
                    read.records += 1
                    let kg = row.double("WEIGHT_KG")
                    guard kg > 0, let ms = instant(table, row.int64("TIMESTAMP")) else { return }
                    try add(.bodyMassKg, startMs: ms, endMs: ms, value: kg, device: row.int64("DEVICE_ID"))
                }
            } else if let stages = SleepStages(table: table), has.contains("STAGE") {
                // Stretches asleep one after the other make one spell. A row's end may be
                // the next row's time, so each row is settled when the next arrives.
                var spell: (start: Int64, end: Int64, device: Int64)?
                func close() throws {
                    if let open = spell { try add(.asleep, startMs: open.start, endMs: open.end, value: Double(open.end - open.start) / 3_600_000, device: open.device) }
                    spell = nil
                }
                func settle(_ row: (time: Int64, device: Int64, stage: Int64), next: Int64?) throws {
                    guard stages.asleep.contains(row.stage), let end = stages.end(of: row.time, next: next) else {
                        try close()
                        return
                    }
                    if let open = spell, open.device == row.device, row.time <= open.end { spell?.end = end } else {
                        try close()
                        spell = (row.time, end, row.device)
                    }
                }
                var previous: (time: Int64, device: Int64, stage: Int64)?
                try file.each("SELECT TIMESTAMP, DEVICE_ID, STAGE FROM \(quoted) ORDER BY DEVICE_ID, TIMESTAMP", table: table) { row in
                    read.records += 1
                    let current = (time: row.int64("TIMESTAMP"), device: row.int64("DEVICE_ID"), stage: row.optionalInt64("STAGE") ?? 0)
                    guard instant(table, current.time) != nil else { return }
                    if let previous { try settle(previous, next: previous.device == current.device ? current.time : nil) }
                    previous = current
                }
                if let previous { try settle(previous, next: nil) }
                try close()
            }
        }
        return read
    }
}

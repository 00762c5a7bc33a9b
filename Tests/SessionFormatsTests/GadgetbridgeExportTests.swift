import Glibc
import Testing
import TestSupport
import SessionCore
@testable import SessionFormats
import SessionStore

/// `GadgetbridgeExport` on databases made here: the schema of 2017 (a `DEVICE` table
/// without `ALIAS`), a path that is a symbolic link, and rows whose times and values
/// are what no device measured (±2^63, NaN-like garbage): read, left out and counted,
/// never a crash or a raw SQLite error.
@Suite struct GadgetbridgeExportTests {
    let directory = Fixtures.temporaryDirectory("gadgetbridge")

    /// 2025-12-01T06:00:00Z.
    static let morning: Int64 = 1_764_568_800

    /// A database of Gadgetbridge's 2017 schema: DEVICE without ALIAS, Mi Band minutes
    /// of steps, and, with `rows`, more rows appended to the tables (SQL values).
    func oldDatabase(_ extra: [String] = []) throws -> String {
        let path = directory + "/Gadgetbridge"
        let connection = try Connection(path: path)
        try connection.execute("""
            CREATE TABLE DEVICE (_id INTEGER PRIMARY KEY AUTOINCREMENT, NAME TEXT NOT NULL, MANUFACTURER TEXT NOT NULL, IDENTIFIER TEXT NOT NULL, TYPE INTEGER NOT NULL, MODEL TEXT);
            CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL, RAW_INTENSITY INTEGER NOT NULL,
              STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL, HEART_RATE INTEGER NOT NULL, PRIMARY KEY (TIMESTAMP, DEVICE_ID));
            CREATE TABLE MI_SCALE_WEIGHT_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL, WEIGHT_KG REAL, PRIMARY KEY (TIMESTAMP, DEVICE_ID));
            INSERT INTO DEVICE VALUES (1, 'Mi Band 2', 'Xiaomi', 'C8:0F:10:00:00:01', 11, '1');
            INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (\(Self.morning), 1, 1, 10, 40, 1, 80), (\(Self.morning + 60), 1, 1, 10, 60, 1, 82);
            INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (\(Self.morning * 1000), 1, 1, 81.5);
            """ + extra.joined(separator: ";\n"))
        return path
    }

    /// What a read counted, and the samples it handed over, in the order it did.
    func read(_ path: String) throws -> (samples: [HealthDays.Sample], leftOut: HealthDays.LeftOut, kept: Int) {
        var samples: [HealthDays.Sample] = []
        let read = try GadgetbridgeExport.read(path: path, localTime: { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }) { samples.append($0) }
        #expect(read.kept == samples.count, "every sample kept is handed over")
        return (samples, read.leftOut, read.kept)
    }

    @Test func theSchemaOf2017ReadsItsDevicesByName() throws {
        defer { Fixtures.removeTree(directory) }
        let read = try read(try oldDatabase())
        #expect(read.samples.count == 2 && read.leftOut.count == 0, "\(read.samples)")
        #expect(read.samples.first { $0.kind == .steps }?.value == 100)
        #expect(read.samples.allSatisfy { $0.source == "Gadgetbridge Mi Band 2" })
    }

    /// A generated column runs what the file says at every row read: one that would
    /// build a value of hundreds of megabytes is refused before it runs, by name.
    @Test func aGeneratedColumnIsRefused() throws {
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/Generated"
        let connection = try Connection(path: path)
        try connection.execute("""
            CREATE TABLE DEVICE (K INTEGER, NAME TEXT,
              _id INTEGER GENERATED ALWAYS AS (K + length(replace(hex(zeroblob(100000000)), '0', 'ab'))) VIRTUAL);
            INSERT INTO DEVICE (K, NAME) VALUES (1, 'd');
            CREATE TABLE MI_SCALE_WEIGHT_SAMPLE (TIMESTAMP INTEGER, DEVICE_ID INTEGER, WEIGHT_KG REAL);
            INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (\(Self.morning * 1000), 1, 80);
            """)
        let error = #expect(throws: GadgetbridgeExport.Failure.self) { _ = try read(path) }
        #expect(error?.description.contains("DEVICE._id is a generated column, which no Gadgetbridge database has") == true, "\(String(describing: error))")
    }

    /// A value longer than any a Gadgetbridge database holds is refused as SQLite
    /// builds it, not held whole.
    @Test func aValueOfAMebibyteIsRefused() throws {
        defer { Fixtures.removeTree(directory) }
        let file = try SQLiteFile(path: try oldDatabase())
        #expect(throws: (any Error).self) { _ = try file.rows("SELECT length(zeroblob(\(SQLiteFile.maximumValueBytes) + 1)) AS n") { $0.int64("n") } }
        #expect(try file.rows("SELECT length(zeroblob(1000)) AS n") { $0.int64("n") } == [1000])
    }

    @Test func aPathThatIsASymbolicLinkIsReadThroughIt() throws {
        defer { Fixtures.removeTree(directory) }
        let path = try oldDatabase()
        let link = directory + "/export-link"
        #expect(symlink(path, link) == 0)
        #expect(try read(link).samples.count == 2)
    }

    /// A value of another type than its column's (text where a weight is) is refused
    /// by its table, its row and its column.
    @Test func aValueOfAnotherTypeIsRefusedByItsTableRowAndColumn() throws {
        defer { Fixtures.removeTree(directory) }
        let path = try oldDatabase(["INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (\(Self.morning * 1000 + 1), 1, 1, 'heavy')"])
        #expect {
            try read(path)
        } throws: { error in
            "\(error)".contains("MI_SCALE_WEIGHT_SAMPLE, row 2: column WEIGHT_KG holds no number")
        }
    }

    /// Times near ±2^63 (seconds and milliseconds), steps whose sum passes 2^63, and
    /// weights no one has: left out and counted, the rest read.
    @Test func impossibleTimesAndValuesAreLeftOutAndCounted() throws {
        defer { Fixtures.removeTree(directory) }
        let path = try oldDatabase([
            "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (9223372036854775807, 1, 1, 0, 5, 1, 0), (-9223372036854775808, 1, 1, 0, 5, 1, 0)",
            "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (\(Self.morning + 7200), 1, 1, 0, 9223372036854775807, 1, 0), (\(Self.morning + 7260), 1, 1, 0, 9223372036854775807, 1, 0)",
            "INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (9223372036854775807, 1, 1, 80), (-9223372036854775808, 1, 1, 80), (\(Self.morning * 1000 + 1), 1, 1, 1e300)",
            "INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (\(Self.morning * 1000 + 2), 1, 1, 9e999), (\(Self.morning * 1000 + 3), 1, 1, -5)",
        ])
        let read = try read(path)
        #expect(read.samples.count == 2, "the steps of 06:00 and the weight of 81.5: \(read.samples)")
        // Two activity times, one hour of steps past any count, two weight times, 1e300 and infinity
        // (−5 kg is no reading at all).
        #expect(read.leftOut.count == 7, "\(read.leftOut)")
        #expect(read.leftOut.warning?.contains("MI_BAND_ACTIVITY_SAMPLE TIMESTAMP 922337203685477") == true && read.leftOut.warning?.contains("no time between 1900 and 9999") == true, "\(read.leftOut.warning ?? "")")
    }
}

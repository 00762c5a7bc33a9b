import Glibc

/// Hostile health files through the built `sessionctl health import --dry-run` (no
/// workouts in them, so no daemon is asked): a single attribute of 32 and 64 MB, and
/// files of many attributes just under the token limit, whose times grow with the file
/// (linear: a ratio of about 2); 65,536 attributes in one tag; ten million HRV records
/// of one day and elements nested by the million in a small zip, whose peak memory
/// must not follow the file.
enum HealthAbuseBenchmark {
    /// A run of sessionctl: its seconds, peak RSS and exit status.
    struct Run {
        /// Wall time, peak RSS (VmHWM), exit status (1: refused).
        let seconds: Double
        let peakMiB: Double
        let status: Int32
    }

    /// Every figure of this benchmark; a failure is reported as one.
    static func emitAll(directory: String, quick: Bool) {
        do {
            try emitAttributes(directory: directory, quick: quick)
            try emitRecords(directory: directory, quick: quick)
            try emitNested(directory: directory, quick: quick)
        } catch {
            emit(Metric(name: "health_abuse.failed", value: 1, unit: "bool", note: "\(error)"))
        }
    }

    /// One attribute of 32 MB against one of 64 MB (refused at its first MiB), and 32 against
    /// 64 records of a 1,000,000-byte attribute each (read whole).
    static func emitAttributes(directory: String, quick: Bool) throws {
        let path = directory + "/abuse.xml"
        defer { unlink(path) }
        let (small, large) = quick ? (4, 8) : (32, 64)
        var single: [Run] = []
        for megabytes in [small, large] {
            try write(path) { put in
                put(head + "<Record type=\"")
                for _ in 0..<megabytes { put(String(repeating: "x", count: 1_000_000)) }
                put("\"/>\n" + tail)
            }
            single.append(try run(path))
        }
        for (megabytes, run) in zip([small, large], single) {
            emit(Metric(name: "health_abuse.attribute_\(megabytes)mb_seconds", value: run.seconds, unit: "s",
                        note: "one attribute of \(megabytes) MB: refused (exit \(run.status)) once its tag passes 1 MiB; peak RSS \(Int(run.peakMiB)) MiB"))
        }
        emit(Metric(name: "health_abuse.attribute_\(large)_to_\(small)mb_ratio", value: single[1].seconds / single[0].seconds, unit: "x",
                    note: "target <= 2 (linear; the quadratic scanner took 4.7 x); refused at its first MiB, both take about the same"))
        var many: [Run] = []
        for count in [small, large] {
            try write(path) { put in
                put(head)
                for _ in 0..<count { put("<Record type=\"" + String(repeating: "x", count: 1_000_000) + "\"/>\n") }
                put(tail)
            }
            many.append(try run(path))
        }
        emit(Metric(name: "health_abuse.attributes_1mb_\(large)_to_\(small)_ratio", value: many[1].seconds / many[0].seconds, unit: "x",
                    note: "\(large) against \(small) records of a 1,000,000-byte attribute each, read whole (exit \(many[1].status)) in \(seconds(many[1].seconds)) and \(seconds(many[0].seconds)); target <= 2.2 (linear)"))
        try write(path) { put in put(head + "<Record " + (0..<65_536).map { "a\($0)=\"1\"" }.joined(separator: " ") + "/>\n" + tail) }
        let wide = try run(path)
        emit(Metric(name: "health_abuse.attributes_65536_one_tag_seconds", value: wide.seconds, unit: "s",
                    note: "65,536 attributes in one tag of \(fileSize(path) / 1024) KiB, read (exit \(wide.status)); target < 1 (the quadratic scanner took 46 s)"))
    }

    /// Records of one day, each an HRV reading: one daily value, whatever their number.
    static func emitRecords(directory: String, quick: Bool) throws {
        let path = directory + "/hrv.xml"
        defer { unlink(path) }
        let records = quick ? 100_000 : 10_000_000
        var block = ""
        for index in 0..<1_000 {
            block += #"<Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 \#(10 + index % 12):\#(10 + index % 50):00 +0100" value="\#(20 + index % 60)"/>"# + "\n"
        }
        try write(path) { put in
            put(head)
            for _ in 0..<(records / 1_000) { put(block) }
            put(tail)
        }
        let run = try run(path)
        let mib = Double(fileSize(path)) / 1_048_576
        emit(Metric(name: "health_abuse.hrv_\(records)_one_day.sessionctl_peak_rss", value: run.peakMiB, unit: "MiB",
                    note: "\(records) HRV records of one day (\(Int(mib)) MiB) into one daily value, read in \(seconds(run.seconds)) (exit \(run.status)); target < 64 (1.75 GB when every sample was kept)"))
        emit(Metric(name: "health_abuse.hrv_\(records)_one_day.mib_per_second", value: mib / run.seconds, unit: "MiB/s", note: "the same file: libexpat and a record's fields read; no target"))
    }

    /// Elements nested by the million in a deflated export.zip (python3's zipfile writes it;
    /// left out without python3).
    static func emitNested(directory: String, quick: Bool) throws {
        let xml = directory + "/nested.xml", archive = directory + "/nested.zip"
        defer { unlink(xml); unlink(archive) }
        let depth = quick ? 1_000_000 : 200_000_000
        try write(xml) { put in
            put(head)
            let open = String(repeating: "<a>", count: 100_000), close = String(repeating: "</a>", count: 100_000)
            for _ in 0..<(depth / 100_000) { put(open) }
            for _ in 0..<(depth / 100_000) { put(close) }
            put("\n" + tail)
        }
        let script = "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z: z.write(sys.argv[2], 'apple_health_export/export.xml')"
        guard access("/usr/bin/python3", X_OK) == 0, output(of: "/usr/bin/python3", ["-c", script, archive, xml]) != nil else { return }
        unlink(xml)
        let run = try run(archive)
        emit(Metric(name: "health_abuse.nested_\(depth)_zip.sessionctl_peak_rss", value: run.peakMiB, unit: "MiB",
                    note: "\(depth) nested elements in a \(fileSize(archive) / 1024) KiB export.zip: refused past 256 deep (exit \(run.status)) in \(seconds(run.seconds)); target < 64 (2.3 GB before)"))
    }

    /// What every file here begins and ends with.
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n", tail = "</HealthData>\n"

    /// sessionctl health import --dry-run of `path`, its peak memory read as it runs.
    static func run(_ path: String) throws -> Run {
        let start = nowNs()
        let child = spawn(productsDirectory() + "/sessionctl", ["--socket", path + ".sock", "health", "import", "--dry-run", path])
        var peak = 0
        var status: Int32 = 0
        while true {
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child { break }
            guard waited == 0 || errno == EINTR else { throw BenchError("waiting for sessionctl health import \(path) failed (errno \(errno))") }
            peak = max(peak, peakRSSKilobytes(child))
            usleep(2_000)
        }
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        guard exit <= 1 else { throw BenchError("sessionctl health import \(path) ended with status \(exit)") }
        return Run(seconds: Double(nowNs() - start) / 1e9, peakMiB: Double(peak) / 1024, status: exit)
    }

    /// Writes `path` through `body`'s `put`.
    static func write(_ path: String, _ body: ((String) -> Void) -> Void) throws {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        body { text in _ = text.withCString { fputs($0, file) } }
    }

    private static func seconds(_ value: Double) -> String { "\((value * 100).rounded() / 100) s" }
}

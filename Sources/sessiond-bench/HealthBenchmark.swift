import Glibc
import SessionCore

/// `sessionctl health import` of a large Apple Health export.xml, generated here from
/// the shapes real exports have (records with a device description and metadata
/// entries, heart rate most of them, steps, energy, distance; sleep, body mass and
/// strength workouts with their statistics now and then), against what a person would
/// otherwise script (Python's `xml.etree.ElementTree.iterparse`, each element cleared)
/// and against libxml2's streaming parse alone (`xmllint --stream --noout`).
enum HealthBenchmark {
    /// Writes about `bytes` of export.xml to `path`; returns the records written.
    static func generate(path: String, bytes: Int) throws -> Int {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        func put(_ text: String) { _ = text.withCString { fputs($0, file) } }
        put("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            ]>
            <HealthData locale="en_GB">
             <ExportDate value="2026-11-30 07:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-07-31" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>

            """)
        let device = "&lt;&lt;HKDevice: 0x283ad2e40&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;"
        var written = 0
        var records = 0
        var minute = 0
        // Minutes from 2019-01-01 00:00 UTC, written at +0100.
        while written < bytes {
            let day = minute / 1440
            let date = LocalDateString.date(daysFrom2019: day)
            let time = LocalDateString.clock(minute % 1440)
            let stamp = "\(date) \(time) +0100"
            var block: String
            switch minute % 10 {
            case 0:
                block = #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Apple Watch" sourceVersion="10.1" device="\#(device)" unit="count" creationDate="\#(stamp)" startDate="\#(stamp)" endDate="\#(stamp)" value="\#(40 + minute % 97)"/>"# + "\n"
            case 1:
                block = #" <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Apple Watch" sourceVersion="10.1" device="\#(device)" unit="kcal" creationDate="\#(stamp)" startDate="\#(stamp)" endDate="\#(stamp)" value="0.\#(minute % 1000)"/>"# + "\n"
            case 2:
                block = #" <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="iPhone" sourceVersion="17.1" unit="km" creationDate="\#(stamp)" startDate="\#(stamp)" endDate="\#(stamp)" value="0.0\#(minute % 90)"/>"# + "\n"
            default:
                block = #" <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" sourceVersion="10.1" device="\#(device)" unit="count/min" creationDate="\#(stamp)" startDate="\#(stamp)" endDate="\#(stamp)" value="\#(60 + minute % 70)">"#
                    + "\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(minute % 3)\"/>\n </Record>\n"
            }
            if minute % 1440 == 420 {
                let night = "\(LocalDateString.date(daysFrom2019: max(0, day - 1))) 23:10:00 +0100"
                block += #" <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" sourceVersion="10.1" creationDate="\#(stamp)" startDate="\#(night)" endDate="\#(stamp)" value="HKCategoryValueSleepAnalysisAsleepCore"/>"# + "\n"
                block += #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="\#(stamp)" startDate="\#(stamp)" endDate="\#(stamp)" value="\#(80 + Double(day % 30) / 10)"/>"# + "\n"
                records += 2
            }
            if minute % 1440 == 1080, day % 3 == 0 {
                let end = "\(date) 19:00:00 +0100"
                block += #" <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" durationUnit="min" sourceName="Apple Watch" sourceVersion="10.1" device="\#(device)" creationDate="\#(end)" startDate="\#(stamp)" endDate="\#(end)">"#
                    + "\n  <MetadataEntry key=\"HKIndoorWorkout\" value=\"1\"/>\n"
                    + #"  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="\#(stamp)" endDate="\#(end)" average="\#(100 + day % 30)" minimum="70" maximum="\#(150 + day % 20)" unit="count/min"/>"# + "\n"
                    + #"  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\#(stamp)" endDate="\#(end)" sum="\#(300 + day % 100)" unit="kcal"/>"# + "\n </Workout>\n"
            }
            put(block)
            written += block.utf8.count
            records += 1
            minute += 1
        }
        put("</HealthData>\n")
        return records
    }

    struct Run {
        let seconds: Double
        let sessionctlPeakMiB: Double
        let daemonPeakMiB: Double
    }

    /// `sessionctl health import --dry-run` of `path` against a daemon of its own (a dry
    /// run still asks the daemon what the workouts would do).
    static func sessionctl(path: String, directory: String) throws -> Run {
        let socket = directory + "/health.sock"
        ImportBenchmark.removeDatabase(directory + "/health.db")
        let daemon = try startDaemon(socket: socket, database: directory + "/health.db", zone: "Europe/Berlin", for: "for the health import")
        defer { stop(daemon) }
        let (seconds, peak) = try runWatchingPeak(productsDirectory() + "/sessionctl", ["--socket", socket, "health", "import", "--dry-run", path])
        return Run(seconds: seconds, sessionctlPeakMiB: Double(peak) / 1024, daemonPeakMiB: Double(peakRSSKilobytes(daemon)) / 1024)
    }

    /// Seconds Python's iterparse takes over `path`, each element cleared as a script
    /// would (nil without python3).
    static func pythonSeconds(path: String) -> Double? {
        let candidates: [String] = ["/usr/bin/python3", "/usr/local/bin/python3"]
        guard let python = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
        let script = """
            import sys, xml.etree.ElementTree as ET
            records = 0
            for event, element in ET.iterparse(sys.argv[1]):
                if element.tag == "Record":
                    records += 1
                    element.attrib.get("value")
                element.clear()
            print(records)
            """
        return timed(python, ["-c", script, path])
    }

    /// Seconds `xmllint --stream --noout` takes over `path` (nil without xmllint).
    static func xmllintSeconds(path: String) -> Double? {
        let candidates: [String] = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"]
        guard let xmllint = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
        return timed(xmllint, ["--stream", "--noout", path])
    }

    private static func timed(_ path: String, _ arguments: [String]) -> Double? {
        let start = nowNs()
        guard output(of: path, arguments) != nil else { return nil }
        return Double(nowNs() - start) / 1e9
    }
}

/// Dates and times as export.xml writes them.
enum LocalDateString {
    /// 2019-01-01 is day 17,897 of the Unix epoch.
    static func date(daysFrom2019 days: Int) -> String { LocalDate(daysSinceEpoch: 17_897 + days).description }

    static func clock(_ minuteOfDay: Int) -> String { "\(two(minuteOfDay / 60)):\(two(minuteOfDay % 60)):00" }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

import ArgumentParsing
import JSON
import SessionCore
import SessionFormats
import SessionRPC
import Glibc

extension HealthCommands {
    static let healthImport = Command(
        words: ["health", "import"], synopsis: "FILE|-",
        summary: "Import health samples as daily values (sleep, resting heart rate, HRV, body mass, body fat, steps): Apple Health, Health Auto Export, Google Fit, Gadgetbridge.",
        details: """
            FILE is the export.zip the Health app writes (its export.xml read from the archive in
            place, nothing unpacked to disk) or that export.xml, read as a stream whatever its
            size, or the JSON Health Auto Export writes (its metrics; a night's sleep comes as
            hours, its asleep time or its core, deep and REM stages, ending at sleepEnd), or
            Google Fit's Takeout "Daily activity metrics.csv" (its step counts and average
            weights, a day each), or the database Gadgetbridge exports (its devices' minutes of
            steps, resting heart rates, weights and Garmin sleep stages; opened read-only and left
            exactly as it was); - reads standard input (not a database). --format forces one, else
            the file's first bytes tell (a zip, an SQLite database, < XML, { JSON, else CSV). The
            samples become daily values by one rule each: sleep belongs to the day you woke up,
            the asleep time of every source merged where it overlaps (in bed is not sleep); a
            day's steps come from one source per hour, the one with the most, so a phone and a
            watch are not added; resting heart rate, HRV and body fat are the day's last reported
            value, body mass the last of the day. The Health app's and Health Auto Export's
            strength workouts (traditional and functional strength training) become sessions
            without sets, with the watch's heart rate and energy; one that overlaps a session
            tracked here (by half of the shorter, or more) gives that session its heart rate and
            energy instead of becoming a second one. All or nothing: a file that is not
            well-formed XML, or a record that does not read (a workout's duration that is no
            length of time too), is refused with its line and column and nothing is stored; a
            value outside its type's plausible bounds (a body mass of 1e300 kg) is left out,
            counted in a warning that names the first by its place, and the rest imported.
            Importing the same file again adds nothing. On a terminal, an export.xml that takes
            more than two seconds to read shows its progress on standard error. --from and --to
            keep the daily values of those dates only (the whole file is still read and checked).
            --dry-run prints what would be stored.
            """,
        options: CommonOptions.daemon + [
            OptionSpec(.dryRun, help: "read and count; store nothing"),
            Options.from.help("keep only the daily values from this date on (YYYY-MM-DD, yesterday, a weekday)").spec,
            Options.to.help("keep only the daily values up to this date").spec,
            Options.healthFormat.spec,
        ],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
                throw UsageError("health import needs the FILE (export.zip, export.xml, or - for standard input)")
            }
            let format = try arguments.value(Options.healthFormat)
            // Read before the file, which may need no daemon (a dry run): this machine's
            // today for a day word.
            let (from, to) = try CommandSupport.dates(CommandSupport.dayRange(arguments), context: context, client: nil)
            let fd = try FileInput.openForReading(path)
            defer { FileInput.closeUnlessStandardInput(fd) }
            // The first bytes (4 KiB past any white space or byte-order mark) tell what the
            // file is (`FileContent`): one another command reads is answered with it.
            let head = FileInput.head(of: fd)
            let content = FileContent.of(head)
            if format == nil, let elsewhere = content.notHealth(path) {
                context.console.error("sessionctl: \(elsewhere)")
                return ExitStatus.refused
            }
            let zipped = content == .zip
            let chosen = format ?? (content == .sqlite ? .gadgetbridge : zipped || content == .xml ? .apple : content == .json || content == .healthJSON ? .autoExport : .googleFit)
            // Google Fit's CSV is read whole, as `import` reads its files: a file past its
            // bound is refused before it is read, with its size.
            func whole(_ maximum: Int, _ what: String) throws -> [UInt8] {
                var status = stat()
                let size = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
                if let size, size > maximum { throw FileContent.TooLarge(what: what, bytes: size, maximum: maximum) }
                var bytes: [UInt8] = []
                do {
                    bytes = try FileInput.readBytes(fd: fd, path: path, after: head, maximumBytes: maximum)
                } catch {
                    // Standard input past the bound: the same data error.
                    guard size == nil, error.reason.hasPrefix("larger than") else { throw error }
                    throw FileContent.TooLarge(what: what, bytes: nil, maximum: maximum)
                }
                return bytes
            }
            var health = HealthDays.Accumulator()
            // The connection made to read the file in the daemon's zone, kept for the upload.
            var early: SocketClient?
            let (records, kept): (Int, Int)
            // Strength workouts, from the formats that have them.
            var workouts: [HistoryWorkout] = []
            var leftOut = HealthDays.LeftOut()
            var everyDay: [HealthDays.Day] = []
            do {
                switch chosen {
                case .apple:
                    let reader = zipped ? try AppleHealthReader.read(zip: try ZipArchive(fd: fd), progress: { ProgressLine($0, total: $1) })
                        : try AppleHealthReader.read(fd: fd, prefix: head, progress: { ProgressLine($0, total: $1) })
                    (health, records, kept) = (reader.days, reader.records, reader.kept)
                    workouts = reader.workouts
                    leftOut = reader.leftOut
                case .autoExport:
                    let parsed = try HealthAutoExportReader.read(fd: fd, prefix: head)
                    (health, records, kept) = (parsed.days, parsed.records, parsed.kept)
                    workouts = parsed.workouts
                    leftOut = parsed.leftOut
                case .googleFit:
                    (health, records, kept, leftOut) = try GoogleFitReader.read(try whole(GoogleFitReader.maximumBytes, "a Google Fit CSV"))
                case .gadgetbridge:
                    guard path != "-" else { throw GadgetbridgeExport.Failure(message: "a database cannot be read from standard input: give its path") }
                    // Its samples' times are instants: their days are the daemon's zone's.
                    early = try context.connectInDaemonTimeZone(arguments)
                    let clock = context.clock
                    let read = try GadgetbridgeExport.read(path: path, localTime: { clock.localDateTime(atMs: $0) }) { try health.add($0) }
                    (records, kept) = (read.records, read.kept)
                    leftOut = read.leftOut
                }
                everyDay = try health.days()
            } catch let failure as FileInput.Failure {
                throw failure
            } catch {
                context.console.error("sessionctl: \(path == "-" ? "standard input" : path): \(error); nothing was stored")
                return ExitStatus.refused
            }
            // The whole file is read either way (a failure anywhere refuses it); the dates
            // choose among its daily values.
            func within(_ date: LocalDate) -> Bool { from.map { date >= $0 } ?? true && to.map { date <= $0 } ?? true }
            let name = path == "-" ? "standard input" : path
            // A day's value made of plausible samples may still not be one (a night of
            // records spanning days, an hour's steps of a dozen sources): left out too.
            var days: [HealthDays.Day] = []
            // A fact dated where none is recorded (a watch whose clock read 2030) is as
            // implausible as its value could be: left out, said, not sent to be refused.
            let today = context.clock.today()
            for day in everyDay where within(day.date) {
                if let problem = RecordedDates.problem(day.date, today: today, approximate: true) {
                    leftOut.add("\(day.date)", "\(Wording.health(day.type)): the date \(problem)")
                } else if let problem = day.type.problem(with: day.value) {
                    leftOut.add("\(day.date)", "\(Wording.health(day.type)) \(Checked.text(day.value)) \(day.type.unit): must \(problem)")
                } else {
                    days.append(day)
                }
            }
            workouts = workouts.filter { workout in
                guard within(workout.start.date) else { return false }
                guard let problem = RecordedDates.problem(workout.start.date, today: today, approximate: true) else { return true }
                leftOut.add("\(workout.start.date) \(Wording.timeOfDay(workout.start.secondOfDay))", "a strength workout: the date \(problem)")
                return false
            }
            if let warning = leftOut.warning { context.console.error(context.console.dim("sessionctl: \(name): \(warning)")) }
            let clock = context.clock
            let archived = days.map { item in
                ArchivedHealthSample {
                    $0.type = item.type
                    $0.value = item.value
                    $0.date = item.date
                    $0.recordedAt = clock.rfc3339(ms: item.atMs)
                    $0.source = String(item.source.prefix(HealthSample.sourceLength))
                }
            }
            let counts = HealthType.allCases.compactMap { type -> String? in
                let count = days.filter { $0.type == type }.count
                return count == 0 ? nil : "\(Wording.health(type)) \(count)"
            }
            let range = days.map(\.date).min().flatMap { first in days.map(\.date).max().map { "\(first) to \($0)" } } ?? "no days"
            var what = plural(days.count, "daily value") + " (\(counts.isEmpty ? "none" : counts.joined(separator: ", "))), \(range), from \(NumberText.grouped(kept)) of " + plural(records, "record")
            if !workouts.isEmpty { what += "; " + plural(workouts.count, "strength workout") }
            let dryRun = arguments.has(.dryRun)
            // The workouts go as sessions: a session tracked here that one overlaps takes
            // its heart rate and energy instead (`history.import`'s measured).
            var measured: [Int64] = []
            var skipped = 0
            if !workouts.isEmpty {
                var sessions = HistoryUpload(source: chosen.rawValue, connect: { try early ?? context.connect(arguments) })
                for workout in workouts { sessions.add(workout) }
                let result = try sessions.finish(dryRun: dryRun, context: context)
                (measured, skipped) = (result.measured, result.skipped)
            }
            let json = JSONValue.obj([
                "days": JSONValue(days.count), "records": JSONValue(records), "kept": JSONValue(kept), "workouts": JSONValue(workouts.count),
                "measured": .array(measured.map { JSONValue(Int($0)) }), "skipped": JSONValue(skipped),
            ])
            func printMeasured() {
                CommandSupport.printMeasured(measured, dryRun: dryRun, console: context.console)
                if skipped > 0 { context.console.print(context.console.dim("\(plural(skipped, "workout")) already stored, skipped")) }
            }
            if dryRun {
                if context.printJSON(json, arguments) { return ExitStatus.ok }
                context.console.print("would import " + what)
                printMeasured()
                return ExitStatus.ok
            }
            let stored: HealthImport.Result
            do {
                stored = try uploadHealth(archived, client: try early ?? context.connect(arguments), context: context)
            } catch let refusal as DaemonRefusal where refusal.error.code == RPCError.Code.invalidParams && !refusal.problems.isEmpty {
                // The file's values, not the command's arguments: a data error (the checks
                // above leave the daemon none to find).
                context.console.error("sessionctl: \(name): not imported, nothing was stored:")
                for problem in refusal.problems { context.console.error("  \(problem.path.replacingOccurrences(of: "params.", with: "")): \(problem.message)") }
                return ExitStatus.refused
            }
            if context.printJSON(json, arguments) { return ExitStatus.ok }
            context.console.print("imported " + what + (stored.skipped > 0 ? "; \(stored.skipped) stored before, not stored again" : ""))
            printMeasured()
            return ExitStatus.ok
        })
}

extension HealthCommands {
    /// Sends daily values in `health.import` chunks under one id; the last call stores
    /// them all (none when any chunk is refused).
    static func uploadHealth(_ samples: [ArchivedHealthSample], client: SocketClient, context: CommandContext) throws -> HealthImport.Result {
        let id = HistoryUpload.newImportID("health")
        var (start, chunk) = (0, 0)
        while true {
            let end = min(start + HealthImport.samplesPerChunk, samples.count)
            let params = HealthImport.Params {
                $0.importID = id
                $0.chunk = chunk
                $0.samples = Array(samples[start..<end])
                $0.done = end == samples.count
            }
            let result = try context.call(client, HealthImport.self, params)
            if params.done { return result }
            (start, chunk) = (end, chunk + 1)
        }
    }
}

typealias HealthFormat = HealthExportFormat


extension HealthCommands {
    static let healthShow = Command(
        words: ["health", "show"], synopsis: "[TYPE]",
        summary: "The daily health values stored: each day's latest of each type (sleep, rhr, mass, steps, waist, …).",
        details: """
            TYPE as health takes it (sleep, rhr, hrv, mass, steps, waist, chest, hips, arm,
            thigh, fat), default all; the last 30 days unless --from and --to say. A day
            recorded twice shows its latest value, and how many it has. Weights and lengths
            in your units.
            """,
        options: CommonOptions.daemon + [
            Options.from.help("the first date (YYYY-MM-DD, yesterday, a weekday; default: 30 days ago)").spec,
            Options.to.spec,
        ],
        arguments: ["types": "TYPE"],
        completes: { [.at(1, .words(HealthType.allCases.flatMap(\.words)))] },
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("health show takes one TYPE") }
            let type = try arguments.positionals.first.map { word throws(UsageError) in try healthTypeArgument(word) }
            let days = try CommandSupport.dayRange(arguments)
            let client = try context.connect(arguments)
            var (from, to) = try CommandSupport.dates(days, context: context, client: client)
            if from == nil, to == nil {
                // The last 30 days of the daemon's.
                try context.useDaemonTimeZone(client)
                from = context.clock.today().adding(days: -29)
            }
            let values = try context.call(client, HealthList.self, HealthList.Params {
                $0.type = type
                $0.from = from
                $0.to = to
            })
            if context.printJSON(values, arguments) { return ExitStatus.ok }
            guard !values.items.isEmpty else {
                context.console.print("no health values" + (type.map { " of " + Wording.health($0) } ?? "") + " in these dates")
                return ExitStatus.ok
            }
            let units = context.console.units
            for item in values.items {
                let shown = Wording.health(item.value, of: item.type, units: units)
                context.console.print("\(item.date)  \(SessionFormatter.pad(Wording.health(item.type), 12))  \(shown)" + (item.samples > 1 ? context.console.dim("  (latest of \(item.samples))") : ""))
            }
            return ExitStatus.ok
        })
}

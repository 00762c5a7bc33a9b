import Glibc
import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC
import SessionSystem
import JSON

extension HistoryCommands {
    static let historyImport = Command(
        words: ["import"], synopsis: "FILE|-",
        summary: "Import a Strong or Hevy CSV export, sessiond's JSON export or a watch's FIT activity as finished sessions; all or nothing, twice adds nothing.",
        details: """
            The layout is detected from the header and the separator (Strong in English or
            French, with or without unit columns; Hevy), the JSON export's "format"
            member or a FIT file's header; --format overrides it. A FIT activity (Garmin
            and other watches) becomes a session: strength training with its sets (rest
            sets left out, each named from the watch's exercise category), any other
            activity as one set of its duration and distance, with the watch's heart
            rate and energy; its start in the watch's time zone, else this machine's; files
            chained in one each give their own sessions their own sets. The file is
            read here, so it may lie anywhere you can read, and its workouts go to the daemon
            in chunks under one import id as they are read; the last call stores them
            together. A file with any bad row is refused with its line numbers (exit status
            1) and nothing is stored: sending stops at the first, the file is read to its end
            for the others, and the daemon drops what it was sent. Workouts already stored
            (same start and title, or the same start to the minute and the same sets) are
            skipped. --dry-run asks the daemon what would be stored and stores nothing. A
            workout whose timer was left running (a duration over a day) is stored without
            its duration, with a warning naming its lines (a FIT session whose sets say
            their times ends with its last set, warned of by its byte). --skip-invalid
            imports the workouts that read whole instead of refusing the file: a workout
            with a bad row, or whose rows lie next to a line that reads as no row (a note a
            spreadsheet broke over lines), is left out whole, and each is listed.
            """,
        options: CommonOptions.daemon + [
            Options.importFormat.spec,
            OptionSpec(.dryRun, help: "show what would be imported; store nothing"),
            OptionSpec(.skipInvalid, help: "import the workouts that read whole; leave out (and list) those with bad rows"),
        ],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else { throw UsageError("import needs one FILE (or - for standard input)") }
            var format = try arguments.value(Options.importFormat)
            let path = arguments.positionals[0]
            // Standard input, a pipe or a FIFO (`<(…)`) is read once, whole, from its start.
            let stream = FileInput.isStream(path)
            // A health export is `health import`'s: said so before it is read (a stream's
            // once it was read).
            func healthExport(_ head: [UInt8]) -> Bool {
                guard format == nil, let elsewhere = FileContent.of(head).healthExport(path) else { return false }
                context.console.error("sessionctl: \(elsewhere)")
                return true
            }
            if !stream, healthExport(FileContent.head(path)) { return ExitStatus.refused }
            // A file named .fit is read as FIT, so that one cut short is said to be.
            if format == nil, path.lowercased().hasSuffix(".fit") { format = .fit }
            // Sessiond's own JSON export is read as it is sent, never whole; other files
            // (and streams) are read into memory first.
            let jsonFile = stream ? nil : try FileSource.jsonExport(path, format: format)
            var bytes: [UInt8] = []
            if stream {
                let fd = try FileInput.openForReading(path)
                defer { FileInput.closeUnlessStandardInput(fd) }
                let head = FileInput.head(of: fd)
                if healthExport(head) { return ExitStatus.refused }
                // Binary data that is no FIT file is refused by its first bytes, as a file
                // is, not after up to 512 MiB of it (`/dev/zero`).
                bytes = format == nil && FileContent.of(head) == .binary
                    ? head : try FileInput.readBytes(fd: fd, path: path, after: head, maximumBytes: HistoryUpload.maximumFileBytes)
            } else if jsonFile == nil {
                bytes = try FileInput.readBytes(path, maximumBytes: HistoryUpload.maximumFileBytes)
            }
            let console = context.console
            // A data error: with --json, its object on standard output, each problem with
            // its line; the words on standard error either way.
            func refuse(_ problems: [CSVTable.Failure]) -> Int32 {
                let message = "\(path): not imported, nothing was stored"
                if arguments.has(.json) {
                    console.print(JSONValue.obj(["error": .obj(["kind": "data", "message": .string(message), "problems": .array(problems.map {
                        .obj(["line": $0.line > 0 ? JSONValue($0.line) : .null, "message": .string($0.message)]) })])]).jsonText)
                }
                console.error(console.red("sessionctl: " + message + ":"))
                for problem in problems { console.error("  " + problem.description) }
                return ExitStatus.refused
            }
            // A FIT activity's times are instants: on the daemon's wall clock they are
            // what its zone makes of them.
            let early = jsonFile == nil && (format == .fit || format == nil && FitFile.beginsLikeFIT(bytes)) ? try context.connectInDaemonTimeZone(arguments) : nil
            var export: TrackerExport.Reader
            do throws(TrackerExport.Failure) {
                let clock = context.clock
                // A day of slack: the daemon, in its own zone, decides the last day exactly.
                let tomorrow = clock.localDate(atMs: clock.nowMs()).adding(days: 1)
                if let jsonFile {
                    export = try TrackerExport.Reader(json: jsonFile)
                } else {
                    export = try TrackerExport.Reader(bytes: bytes, format: format, latest: tomorrow, localTime: { clock.localDateTime(atMs: $0) })
                }
            } catch {
                return refuse(error.problems)
            }
            let dryRun = arguments.has(.dryRun)
            // Workouts go out as they are read; after a bad row nothing more is sent, the
            // file is read to its end for every problem, and what was sent is dropped.
            var upload = HistoryUpload(source: export.format.rawValue) { try early ?? context.connect(arguments) }
            // Sessiond's own export: its plans, plan events, health, profile and aliases first.
            upload.add(export.archive)
            if arguments.has(.skipInvalid) {
                // Read whole first: a bad row may come after its workout was read.
                var workouts: [HistoryWorkout] = []
                while let workout = export.next() { workouts.append(workout) }
                let invalid = export.invalidWorkouts
                if export.hasProblems {
                    console.error(console.red("\(path): rows that do not read, left out:"))
                    for problem in export.problems { console.error("  " + problem.description) }
                    let skipped = invalid.sorted { ($0.start, $0.title) < ($1.start, $1.title) }
                    console.error(console.red("\(plural(skipped.count, "workout")) left out whole:"))
                    for workout in skipped { console.error("  \(workout.start.date) \(workout.start.description.dropFirst(11).prefix(5))  \(workout.title)") }
                }
                for workout in workouts where !invalid.contains(WorkoutIdentity(workout)) { upload.add(workout) }
            } else {
                while let workout = export.next() {
                    if !export.hasProblems { upload.add(workout) }
                }
                guard !export.hasProblems else {
                    upload.cancel()
                    return refuse(export.problems)
                }
            }
            let result: HistoryImport.Result
            do {
                result = try upload.finish(dryRun: dryRun, context: context)
            } catch let refusal as DaemonRefusal where refusal.error.code == RPCError.Code.invalidParams && !refusal.problems.isEmpty {
                // The file's values, not the command's arguments: a data error (the reader
                // checks the daemon's bounds, so this is what it missed).
                return refuse(refusal.problems.map { CSVTable.Failure(line: 0, message: "\($0.path.replacingOccurrences(of: "params.", with: "")): \($0.message)") })
            }
            // Values read otherwise than the file has them, by line; stored all the same.
            for warning in export.warnings { console.error(console.dim("\(path): \(warning)")) }
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            let formatter = ImportFormatter(console: console)
            formatter.printCounts(result, from: export.format.rawValue, dryRun: dryRun)
            CommandSupport.printMeasured(result.measured, dryRun: dryRun, console: console)
            formatter.printNames(result.names, all: dryRun || arguments.has(.verbose))
            return ExitStatus.ok
        })

    static let historyExport = Command(
        words: ["export"], synopsis: "[FILE]",
        summary: "Export finished sessions as Strong's or Hevy's CSV, or as full-fidelity JSON (to FILE or standard output).",
        details: """
            strong writes Strong's 12-column CSV and hevy Hevy's 14-column CSV, which those
            apps and other tools read; json keeps everything a restore needs and is what
            `sessionctl import` restores from: each session with its exact start and each
            set's time (RFC 3339, with the offset), kinds, notes, supersets, distance and
            effort, the plan day it trained; the plans as stored and the text they came from,
            which plan covered each day, the health samples, the profile and the aliases.
            Imported into an empty daemon, it exports again byte for byte (--from and --to
            limit the sessions only). CSV times are wall-clock times in the daemon's time
            zone. An existing FILE is kept unless --force is given.
            """,
        options: CommonOptions.daemon + [
            Options.exportFormat.spec,
            Options.from.help("sessions from DATE on").spec,
            Options.to.help("sessions up to DATE").spec,
            OptionSpec(.force, help: "replace FILE if it exists"),
        ],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("export takes at most one FILE") }
            let format = try arguments.value(Options.exportFormat) ?? .json
            let days = try CommandSupport.dayRange(arguments)
            let path = try FileOutput.target(arguments)
            let client = try context.connect(arguments)
            let (from, to) = try CommandSupport.dates(days, context: context, client: client)
            // The JSON export holds everything a restore needs besides the workouts, ahead
            // of them.
            let archive = format == .json ? try historyArchive(client: client, context: context) : nil
            // Each page is written as it arrives: only one is held, whatever the history.
            var writer = TrackerExport.Writer(format: format)
            if format == .hevy {
                // End times on the daemon's clock, across a change of the clock too.
                try context.useDaemonTimeZone(client)
                writer.localTime = { LocalClock().localDateTime(atMs: $0) }
            }
            let output = try StreamedOutput(path: path, console: context.console)
            var sessions = 0
            var last: WorkoutIdentity?
            try output.write(writer.header(archive: archive?.archive, timeZone: archive?.timeZone))
            var cursor: (after: Int64, afterSet: Int64?)?
            repeat {
                let page = try context.call(client, HistoryExport.self, HistoryExport.Params {
                    $0.from = from
                    $0.to = to
                    $0.after = cursor?.after
                    $0.afterSet = cursor?.afterSet
                })
                try output.write(writer.workouts(page.workouts))
                // The parts of one session (of more sets than a workout holds) count once.
                for workout in page.workouts where WorkoutIdentity(workout) != last {
                    sessions += 1
                    last = WorkoutIdentity(workout)
                }
                cursor = page.next.map { ($0, page.nextSet) }
            } while cursor != nil
            try output.write(writer.trailer())
            guard let path = try output.finish() else { return ExitStatus.ok }
            context.console.error("exported " + plural(sessions, "session") + " to \(path) (\(format.rawValue))")
            _ = context.printWritten(path, [(key: "sessions", value: JSONValue(sessions)), (key: "format", value: .string(format.rawValue))], arguments)
            return ExitStatus.ok
        })

    static let backup = Command(
        words: ["backup"], synopsis: "FILE",
        summary: "Write a consistent copy of the database to FILE while the daemon runs (an existing FILE needs --force).",
        details: """
            The daemon copies the database with SQLite's online backup API (clients go on logging
            meanwhile; the copy holds everything committed when it began) and hands it over in
            chunks; FILE is written beside itself and renamed into place when complete, so it is
            never half a copy. FILE may not be the database the daemon has open (or its -wal or
            -shm) under any name, also through -H to a daemon on this same machine: the daemon
            tells the device and inode of each file it holds. To restore: stop sessiond, remove
            the -wal, -shm and .wal-link files beside its database (a log a crash left would be
            read into the copy), put the copy where --database points (owned by the daemon's
            user), start sessiond.
            """,
        options: CommonOptions.daemon + [OptionSpec(.force, help: "replace FILE if it exists")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let path = arguments.positionals.first, path != "-" else {
                throw UsageError("backup needs one FILE to write")
            }
            _ = try FileOutput.target(arguments)
            let address = try context.address(arguments)
            let client = try CommandContext.connect(address)
            try refuseLiveFiles(path, status: try context.call(client, DaemonStatus.self, NoParams()), local: address.isLocal)
            // Written a chunk at a time as the chunks come: memory is a chunk's, not the
            // database's; the file is put in place only when whole.
            let output = try StreamedOutput(path: path, console: context.console)
            var result = try context.call(client, DatabaseBackup.self, DatabaseBackup.Params())
            while true {
                guard let chunk = Base64.decode(result.data), result.offset == output.byteCount else {
                    throw FileInput.Failure(path: path, reason: "the daemon sent a damaged chunk at byte \(result.offset)", action: "write")
                }
                guard result.offset > 0 || chunk.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
                    throw FileInput.Failure(path: path, reason: "the copy received is not an SQLite database", action: "write")
                }
                try output.write(chunk)
                if result.done { break }
                result = try context.call(client, DatabaseBackup.self, DatabaseBackup.Params {
                    $0.backupID = result.backupID
                    $0.offset = output.byteCount
                })
            }
            guard output.byteCount == result.size else {
                throw FileInput.Failure(path: path, reason: "the copy received is not a whole SQLite database", action: "write")
            }
            _ = try output.finish()
            let bytes = output.byteCount
            if context.printWritten(path, [(key: "bytes", value: JSONValue(bytes))], arguments) { return ExitStatus.ok }
            // On standard error, as export's: standard output is for what was asked.
            context.console.error("backed up \(bytes) bytes to \(path)")
            return ExitStatus.ok
        })

    /// Refuses `path` when it is the daemon's database or its -wal or -shm under any
    /// name (a link, another path to it, or through -H the daemon on this machine): a
    /// copy renamed over it would unlink the file the daemon writes, and the sets
    /// acknowledged since would go with it. The daemon tells the device and inode of
    /// each file it holds open; a daemon older than that is asked by path, which only
    /// names this machine's files when its socket is local.
    static func refuseLiveFiles(_ path: String, status: DaemonStatus.Result, local: Bool) throws(FileInput.Failure) {
        // A name the daemon takes for its own copies beside the database, and removes
        // as leftovers when it starts.
        if local, let directory = realDirectory(of: path), directory == realDirectory(of: status.database),
           FilePath.name(of: path).hasPrefix(FilePath.name(of: status.database) + ".backup-") {
            throw FileInput.Failure(path: path, reason: "sessiond names its own copies so beside its database and removes them when it starts; name another file",
                                    action: "write")
        }
        var target = stat()
        guard stat(SystemPath.bytes(path), &target) == 0 else { return }
        if let open = status.databaseFiles, open.contains("\(target.st_dev):\(target.st_ino)") {
            let there = local ? "" : " (through -H, a daemon on this very machine)"
            throw FileInput.Failure(path: path, reason: "it is \(status.database) or its -wal, -shm or .lock, which the daemon has open\(there); a backup goes to another file",
                                    action: "write")
        }
        guard local else { return }
        for live in [status.database, status.database + "-wal", status.database + "-shm"] {
            var info = stat()
            if stat(live, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw FileInput.Failure(path: path, reason: "it is \(live), which the daemon has open; a backup goes to another file", action: "write")
            }
        }
    }

    /// The directory holding `path`, with links and dots resolved; nil when it cannot be.
    static func realDirectory(of path: String) -> String? {
        guard let resolved = realpath(FilePath.directory(of: path), nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Every part of `history.archive`, page by page, and the daemon's zone.
    static func historyArchive(client: SocketClient, context: CommandContext) throws -> (archive: HistoryArchive, timeZone: String) {
        var archive = HistoryArchive()
        for part in HistoryArchiveGet.Part.allCases {
            var after: Int64?
            repeat {
                let page = try context.call(client, HistoryArchiveGet.self, HistoryArchiveGet.Params { $0.part = part; $0.after = after })
                archive.append(page.archive)
                after = page.next
            } while after != nil
        }
        return (archive, try context.call(client, DaemonStatus.self, NoParams()).timeZone)
    }

    static let show = Command(
        words: ["show"], synopsis: "[SESSION]",
        summary: "A session's sets as logged, with their ids, kinds and notes (default: the active session, else the latest).",
        details: "SESSION is a session id, as history lists them. Set ids are what undo SET-ID takes.",
        options: CommonOptions.daemon,
        completes: { [.at(1, .asked("__complete-sessions"))] },
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("show takes at most one SESSION id") }
            var params = SessionGet.Params()
            if let text = arguments.positionals.first {
                guard let id = Int64(text), id > 0 else { throw UsageError("SESSION must be a session id (a number, as history lists them), got \"\(text)\"") }
                params.sessionID = id
            }
            let client = try context.connect(arguments)
            var session = try context.call(client, SessionGet.self, params)
            // A session stored before sessions had a bound comes a page at a time.
            params.sessionID = session.sessionID
            while let next = session.next {
                params.after = next
                let page = try context.call(client, SessionGet.self, params)
                session.sets += page.sets
                session.next = page.next
            }
            if context.printJSON(session, arguments) { return ExitStatus.ok }
            let console = context.console
            var header = "session \(session.sessionID) · \(session.date) · " + console.bold(session.title) + " · \(session.state.rawValue) · "
                + Wording.duration(session.durationSeconds)
            if let rpe = session.rpe { header += " · RPE \(PromptText.number(rpe))" }
            console.print(header)
            // What a watch measured, for an imported activity.
            var measured: [String] = []
            if let average = session.averageHeartRate, let maximum = session.maximumHeartRate { measured.append("heart rate \(average) avg, \(maximum) max") }
            if let energy = session.energyKcal { measured.append("\(Int(energy.rounded())) kcal") }
            if !measured.isEmpty { console.print(console.dim(measured.joined(separator: " · "))) }
            if let note = session.note { console.print(console.dim("note: \(note)")) }
            if session.sets.isEmpty { console.print("no sets") }
            // A catalog lift under the catalog's name; what was typed (or imported) beside
            // it only when it differs.
            func shown(_ name: String) -> String {
                guard let exercise = ExerciseCatalog.builtIn.exercise(named: name), ExerciseMatcher.matchKey(exercise.name) != ExerciseMatcher.matchKey(name)
                else { return name }
                return "\(exercise.name) (as \(name))"
            }
            let names = session.sets.map { shown($0.exercise) }
            let width = names.map(\.count).max() ?? 0
            let idWidth = session.sets.map { String($0.setID).count }.max() ?? 0
            for (set, name) in zip(session.sets, names) {
                var details: [String] = []
                if let kind = Wording.setKind(set.kind) { details.append(kind) }
                if let distance = set.distanceM { details.append(PromptText.number(distance) + " m") }
                if let rpe = set.rpe { details.append("RPE \(PromptText.number(rpe))") }
                if let superset = set.superset { details.append("superset \(superset)") }
                if !set.records.isEmpty { details.append("★ " + set.records.map(Wording.record).joined(separator: ", ")) }
                if let note = set.note { details.append("\"\(note)\"") }
                let id = String(set.setID)
                console.print("  #" + String(repeating: " ", count: idWidth - id.count) + id + "  "
                    + name + String(repeating: " ", count: width - name.count)
                    + "  set \(set.setNumber)  " + SessionFormatter.setText(reps: set.reps, weightKg: set.weightKg, durationSeconds: set.durationSeconds, unit: context.console.units,
                                                                                  countsBodyMass: set.countsBodyMass)
                    + (details.isEmpty ? "" : console.dim("  " + details.joined(separator: " · "))))
            }
            return ExitStatus.ok
        })

    static let plates = Command(
        words: ["plates"], synopsis: "WEIGHT",
        summary: "Plate math: which plates go on each side of the bar for WEIGHT (24, 100kg, 225lb).",
        details: """
            The same plates on each side, heaviest first: the combination of at most 10 a
            side that comes closest to WEIGHT without passing it, in the fewest plates
            (20 + 10 + 10 a side where 15 would leave a gap), worked out in your units
            (SESSIOND_UNITS or the config file's units): plates are marked in kilograms or in
            pounds, and a 45 lb plate is no round number of kilograms. The plates are
            --plates, else the weights in your profile (sessionctl profile --weights) up to
            25 kg, else a gym's usual ones: 25, 20, 15, 10, 5, 2.5 and 1.25 kg on a 20 kg bar,
            or with pounds 45, 35, 25, 10, 5 and 2.5 lb on a 45 lb bar. A weight the plates
            cannot make exactly gives the closest under it. --json gives kilograms.
            """,
        options: CommonOptions.daemon + [
            Options.bar.spec,
            Options.plates.spec,
        ],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else { throw UsageError("plates needs one WEIGHT, e.g. 100 or 225lb") }
            // Worked out in the person's unit, as the plates are marked.
            let unit = context.console.units
            let standard = unit == .lb ? PlateMath.pounds : PlateMath.kilograms
            func text(_ value: Double) -> String { JSONValue.number((value * 100).rounded() / 100).jsonText }
            // A weight, bar or plate a set may carry at most (a trap past it, before).
            func bounded(_ weight: WrittenWeight, _ name: String) throws(UsageError) -> Double {
                let most = SessionLimits.weightKg.upperBound
                guard weight.kilograms(units: unit) <= most else {
                    throw UsageError("\(name) must be at most \(text(most)) kg (\(text(WeightUnit.lb.value(most))) lb), got \(JSONValue.format(number: weight.number))\(weight.unit.map { " " + $0.rawValue } ?? "")")
                }
                return weight.amount(in: unit)
            }
            let target = try bounded(try OptionValue<WrittenWeight>.weight.read(arguments.positionals[0], as: "WEIGHT"), "WEIGHT")
            let bar = try arguments.value(Options.bar).map { weight throws(UsageError) in try bounded(weight, "--bar") } ?? standard.bar
            var sizes = standard.plates
            var source = "standard plates"
            if let plates = try arguments.value(Options.plates) {
                sizes = try plates.map { weight throws(UsageError) in try bounded(weight, "--plates") }
                source = "your plates"
            } else if let client = try? context.connect(arguments), let profile = try? context.call(client, ProfileGet.self, NoParams()) {
                let own = profile.profile.weightsKg.filter { $0 <= 25 }
                if !own.isEmpty {
                    sizes = own.map(unit.value(hundredthsOf:))
                    source = "the profile's weights"
                }
            }
            guard let loading = PlateMath.load(target: target, bar: bar, plates: sizes) else {
                throw DataError(description: "\(text(target)) \(unit.rawValue) is lighter than the \(text(bar)) \(unit.rawValue) bar")
            }
            if arguments.has(.json) {
                context.console.print(JSONValue.obj([
                    "targetKg": .number(unit.kilograms(target)), "barKg": .number(unit.kilograms(bar)),
                    "perSideKg": .array(loading.perSide.map { .number(unit.kilograms($0)) }), "totalKg": .number(unit.kilograms(loading.total)),
                ]).jsonText)
                return ExitStatus.ok
            }
            let side = loading.perSide.isEmpty ? "nothing" : loading.perSide.map(text).joined(separator: " + ")
            context.console.print("\(text(loading.total)) \(unit.rawValue): \(text(bar)) \(unit.rawValue) bar + each side \(side) (\(source))")
            let short = target - loading.total
            if short > 1e-6 {
                context.console.print(context.console.yellow("\(text(short)) \(unit.rawValue) short of \(text(target)) \(unit.rawValue): these plates make no closer weight"))
            }
            return ExitStatus.ok
        })
}

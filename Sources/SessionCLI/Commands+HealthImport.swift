import ArgumentParsing
import JSON
import SessionCore
import SessionRPC
#if canImport(Glibc)
import Glibc
#endif

extension Commands {
    static let healthImport = Command(
        words: ["health", "import"], synopsis: "FILE|-",
        summary: "Import the health samples of an Apple Health export.xml as daily values: sleep, resting heart rate, HRV, body mass, body fat, steps.",
        details: """
            FILE is the export.xml of the Health app's export (unzipped), or - for standard
            input; it is read as a stream, whatever its size. The samples become daily values
            by one rule each: sleep belongs to the day you woke up, the asleep time of every
            source merged where it overlaps (in bed is not sleep); a day's steps come from one
            source per hour, the one with the most, so a phone and a watch are not added;
            resting heart rate, HRV and body fat are the day's last reported value, body mass the
            last of the day. All or nothing: a file that is not well-formed XML, or a record
            that does not read, is refused with its line and column and nothing is stored.
            Importing the same file again adds nothing. --dry-run prints what would be stored.
            """,
        options: CommonOptions.daemon + [OptionSpec("--dry-run", help: "read and count; store nothing")],
        run: { arguments, context in
            guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
                throw UsageError("health import needs the FILE (export.xml, or - for standard input)")
            }
            let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileInput.Failure(path: path, reason: String(cString: strerror(errno)), action: "read") }
            defer { if fd != STDIN_FILENO { close(fd) } }
            let reader: AppleHealthReader
            do {
                reader = try AppleHealthReader.read(fd: fd)
            } catch {
                context.console.error("sessionctl: \(path == "-" ? "standard input" : path): \(error); nothing was stored")
                return ExitStatus.refused
            }
            let days = HealthDays.days(reader.samples)
            let clock = context.clock
            let samples = days.map {
                ArchivedHealthSample(type: $0.type, value: $0.value, date: $0.date, recordedAt: clock.rfc3339(ms: $0.atMs), source: String($0.source.prefix(60)))
            }
            let counts = HealthType.allCases.compactMap { type -> String? in
                let count = days.filter { $0.type == type }.count
                return count == 0 ? nil : "\(type.words.first ?? type.rawValue) \(count)"
            }
            let range = days.map(\.date).min().flatMap { first in days.map(\.date).max().map { "\(first) to \($0)" } } ?? "no days"
            let what = "\(days.count) daily values (\(counts.isEmpty ? "none" : counts.joined(separator: ", "))), \(range), from \(reader.kept) of \(reader.records) records"
            if arguments.has("--dry-run") {
                if context.printJSON(JSONValue.obj(["days": JSONValue(days.count), "records": JSONValue(reader.records), "kept": JSONValue(reader.kept)]), arguments) {
                    return ExitStatus.ok
                }
                context.console.print("would import " + what)
                return ExitStatus.ok
            }
            var upload = HistoryUpload(source: .json, connect: { try context.connect(arguments) })
            upload.add(HistoryArchive(health: samples))
            _ = try upload.finish(dryRun: false, context: context)
            if context.printJSON(JSONValue.obj(["days": JSONValue(days.count), "records": JSONValue(reader.records), "kept": JSONValue(reader.kept)]), arguments) {
                return ExitStatus.ok
            }
            context.console.print("imported " + what + "; a value stored before is not stored again")
            return ExitStatus.ok
        })
}

import Glibc
import SessionCore
import SessionFormats
import SessionRPC
import SessionSystem
import JSON

/// Runs the planner command until it gives a plan the import takes, repairing refused
/// replies, and keeps every attempt for audit.
struct PlannerLink {
    /// Which command, and its limits.
    struct Settings {
        let command: String
        let timeoutSeconds: Int
        let repairs: Int
        /// At most this many attempts a month (`planner-monthly-limit`), or none.
        var monthlyLimit: Int?
        /// The config file the limit came from, named when it refuses.
        var configPath: String?
    }

    /// What came back in the end.
    struct Outcome {
        enum Result {
            case imported(PlanImport.Result)
            case checked(ImportedPlan)
        }

        let result: Result
        /// How many times the planner ran.
        let attempts: Int
        /// The run the attempts are kept under (nil for a dry run: nothing is kept).
        let run: String?
    }

    /// Why no plan came back: exit status 1 with this message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The exit status it ends sessionctl with: a data error's, or 128 and the
        /// signal that interrupted the wait for the planner (130 for Ctrl-C).
        var status = ExitStatus.refused
    }

    /// Refuses a planner whose program (the command line's first word, as the shell
    /// finds it on `path`) or its directory another user may change (`FileInput.untrusted`):
    /// it runs as this user, with the prompt. A first word that names no file (a shell
    /// builtin, an assignment) is left to the shell.
    static func checkProgram(of command: String, path: String) throws(Failure) {
        guard let first = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first, !first.contains("=") else { return }
        let word = String(first.filter { $0 != "'" && $0 != "\"" })
        guard let program = word.contains("/") ? word : ChildProcess.executable(named: word, path: path) else { return }
        for file in [program, FilePath.directory(of: program)] {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            if let problem = FileInput.untrusted(status) {
                throw Failure(description: "refusing to run the planner: \(file): \(problem)")
            }
        }
    }

    let settings: Settings
    let context: CommandContext
    let client: SocketClient
    let dryRun: Bool
    let run: String

    /// Runs the planner with `request`, and each repair after it, until `importing` takes
    /// a reply (given with its attempt number and what it cost). `importing` throws
    /// `PlanImportError` (checked here) or the daemon's plan_invalid refusal for a reply
    /// it refuses. With a monthly limit, no attempt is made past it.
    func ask(_ first: PlannerRequest, importing: (String, Int, PlannerTokens) throws -> Outcome.Result) throws -> Outcome {
        var request = first
        let maximum = 1 + settings.repairs
        let usage = try settings.monthlyLimit.map { _ in try context.call(client, PlanUsage.self, NoParams()) }
        while true {
            let attempt = request.attempt
            if let usage { try checkBudget(usage, attempt: attempt) }
            let (reply, tokens) = try runPlanner(request)
            let errors: [PathMessage]
            do {
                return Outcome(result: try importing(reply, attempt, tokens), attempts: attempt, run: dryRun ? nil : run)
            } catch let error as PlanImportError {
                errors = error.errors
            } catch let refusal as DaemonRefusal where refusal.error.is(.planInvalid) {
                errors = refusal.problems
            }
            try refused(reply, tokens: tokens, errors: errors, attempt: attempt, of: maximum)
            request = request.repairing(reply: reply, errors: errors)
        }
    }

    /// Refuses `attempt` when this month's attempts — those kept when the run began
    /// (`usage`) and the run's earlier ones — reached the monthly limit.
    private func checkBudget(_ usage: PlanUsage.Result, attempt: Int) throws(Failure) {
        let used = usage.attempts + attempt - 1
        guard let limit = settings.monthlyLimit, !PlannerBudget.allows(used: used, limit: limit) else { return }
        let source = settings.configPath.map { " in \($0)" } ?? ""
        let stopped = attempt == 1 ? "the planner was not run" : "attempt \(attempt) was not made and nothing was imported"
        throw Failure(description: "the planner's monthly limit is reached: \(plural(used, "attempt")) of \(limit) made since \(usage.since) " +
                      "(planner-monthly-limit = \(limit)\(source)), so \(stopped); the month resets on \(usage.resetsOn)")
    }

    /// Keeps a refused reply, and says so; after the last attempt, fails with the errors.
    private func refused(_ reply: String, tokens: PlannerTokens, errors: [PathMessage], attempt: Int, of maximum: Int) throws {
        let detail = errors.map(\.description).joined(separator: "\n")
        try keep(PlannerAttempt(run: run, attempt: attempt, planner: settings.command, reply: reply, outcome: .refused, detail: detail, tokens: tokens))
        let console = context.console
        console.error("sessionctl: attempt \(attempt) of \(maximum): the reply was refused (\(plural(errors.count, "error")))" +
                      (attempt < maximum ? "; asking the planner to repair it" : ""))
        guard attempt < maximum else {
            var lines = ["the planner's reply was refused\(attempt == 1 ? "" : " \(attempt) times"), nothing was imported; the last errors:"]
            lines += errors.prefix(10).map { "  \($0.path): \($0.message)" }
            if errors.count > 10 { lines.append("  … \(errors.count - 10) more") }
            if !dryRun { lines.append("(every reply is kept: sessionctl plan attempts \(run))") }
            throw Failure(description: lines.joined(separator: "\n"))
        }
    }

    /// Runs the planner once and returns what it printed and what that cost (the usage
    /// it passed back, else the estimate); a planner that does not answer is kept as a
    /// failed attempt and stops the command.
    private func runPlanner(_ request: PlannerRequest) throws -> (reply: String, tokens: PlannerTokens) {
        var input = request.json.jsonText
        input += "\n"
        let usageFile = try UsageFile(directory: context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        defer { usageFile.remove() }
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(
                shell: settings.command, input: Array(input.utf8), timeoutMs: settings.timeoutSeconds * 1000,
                environment: ["SESSIOND_WEEK_START": request.weekStart.description, "SESSIOND_ATTEMPT": String(request.attempt),
                              "SESSIOND_USAGE_FILE": usageFile.path],
                interruptible: true)
        } catch {
            throw Failure(description: "cannot run the planner: \(error)")
        }
        // The daemon may have closed the connection, idle while the planner thought.
        try client.reconnectIfClosed()
        let reply = String(decoding: finished.standardOutput.prefix(PlannerAttempt.Limits.replyBytes), as: UTF8.self)
        // Estimated from all it printed (up to ChildProcess.outputLimit), not the part kept.
        let tokens = spent(usageFile, request: request,
                           printed: finished.standardOutput.count > reply.utf8.count ? String(decoding: finished.standardOutput, as: UTF8.self) : reply)
        // A reply is text, as a plan file is: bytes that are not UTF-8 were made up into
        // "�" and imported so.
        let notText = TextPlace.notUTF8(Array(finished.standardOutput.prefix(PlannerAttempt.Limits.replyBytes)))
        let why: String?
        switch finished.ending {
        case .timedOut: why = "the planner did not answer within \(settings.timeoutSeconds) s and was stopped (--timeout)"
        case .interrupted(let signal): why = "sessionctl was interrupted (\(Signals.name(signal))) and stopped the planner"
        case .signalled(let signal): why = "the planner was killed by signal \(signal)"
        case .exited(let status) where status != 0: why = "the planner exited with status \(status)"
        case .exited where finished.standardOutput.count > PlannerAttempt.Limits.replyBytes:
            // Cut here, not by the model: the import would call it cut off and blame the
            // model's output tokens.
            why = "the planner printed \(finished.standardOutput.count) bytes, more than the \(PlannerAttempt.Limits.replyBytes >> 10) KiB a plan may be (the attempt keeps the first \(PlannerAttempt.Limits.replyBytes >> 10) KiB)"
        case .exited where notText != nil:
            why = "the planner's reply is \(notText ?? "")"
        case .exited:
            why = reply.trimmingWhitespace().isEmpty ? "the planner printed nothing" : nil
        }
        guard let why else { return (reply, tokens) }
        try keep(PlannerAttempt(run: run, attempt: request.attempt, planner: settings.command, reply: reply, outcome: .failed, detail: why,
                                tokens: tokens))
        let errors = String(decoding: finished.standardError, as: UTF8.self).trimmingWhitespace()
        let tail = errors.split(separator: "\n").suffix(5).map { "  " + $0 }
        var failure = Failure(description: ([why + "; nothing was imported"] + (tail.isEmpty ? [] : ["its last words on standard error:"] + tail)
                                            + ["(command: \(settings.command))"]).joined(separator: "\n"))
        if case .interrupted(let signal) = finished.ending { failure.status = 128 + signal }
        throw failure
    }

    /// What an attempt cost: the usage the planner wrote to its file, else (an older
    /// planner, an endpoint without usage, a file that does not read) the estimate.
    private func spent(_ file: UsageFile, request: PlannerRequest, printed: String) -> PlannerTokens {
        do {
            if let usage = try PlannerTokens(usageFile: try FileInput.readTrusted(file.path)) { return usage }
        } catch {
            context.console.error("sessionctl: the usage the planner passed back (SESSIOND_USAGE_FILE) was not taken: \(error); the tokens are estimated")
        }
        return PlannerTokens.estimate(request: request, reply: printed)
    }

    /// Keeps an attempt that did not become a plan (not in a dry run).
    private func keep(_ attempt: PlannerAttempt) throws {
        guard !dryRun else { return }
        _ = try context.call(client, PlanAttempt.self, PlanAttempt.Params(attempt))
    }
}

/// The empty file a planner may write its model's usage to (`SESSIOND_USAGE_FILE`),
/// made private to this user for one attempt and removed after it.
struct UsageFile {
    let path: String

    /// A new empty file under `directory`.
    init(directory: String) throws(PlannerLink.Failure) {
        var template = Array("\(directory)/sessiond-usage-XXXXXX.json".utf8CString)
        let fd = mkstemps(&template, 5)
        guard fd >= 0 else {
            throw PlannerLink.Failure(description: "cannot make the planner's usage file in \(directory): \(String(cString: strerror(errno))) (set TMPDIR)")
        }
        close(fd)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func remove() { unlink(path) }
}

import Glibc
import JSON
import SessionRPC

/// `sessiond-sync plan ROLE FILE`: a coach of an athlete who shared with them, or an
/// administrator, queues a plan in `sessiond_plan`; the athlete's sessiond-sync hands
/// it to their daemon on its next round (woken at once by the insert's notification).
enum PlanQueue {
    /// Plans larger than this are refused (a plan is a few kilobytes).
    static let maximumBytes = 1 << 20

    /// Queues the plan; returns the exit status (0 queued, 1 refused or unreachable,
    /// 2 a usage error).
    static func run(role: String, file: String, conninfo: String) -> Int32 {
        if let problem = SyncShare.roleProblem(role) { return SyncProgram.usageError("ROLE \(problem)") }
        let text: String
        switch read(file) {
        case .success(let read): text = read
        case .failure(let failure):
            SyncProgram.printError("sessiond-sync: \(failure.description)")
            return 1
        }
        // JSON as plan import takes it; a model's raw reply goes as a string, which
        // plan import reads the same way.
        let body = (try? JSONParser.parse(text)) ?? .string(text)
        do {
            let postgres = try PostgresConnection(conninfo: conninfo)
            if let problem = SyncSchema.problem(postgres) {
                SyncProgram.printError("sessiond-sync: \(problem)")
                return 1
            }
            let rows = try postgres.query("INSERT INTO sessiond_plan (athlete, body) VALUES ($1, $2::jsonb) RETURNING id", [role, body.jsonText])
            print("plan \(rows.first?.first.flatMap { $0 } ?? "?") queued for \(role): their sessiond-sync delivers it on its next round")
            return 0
        } catch {
            if error.state == "42501" {
                SyncProgram.printError("sessiond-sync: \(role) has not shared with you (sessionctl sync share on their device), or you are no coach (a member of sessiond_coach): \(error.message)")
            } else {
                SyncProgram.printError("sessiond-sync: \(error)")
            }
            return 1
        }
    }

    /// Why a file could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The whole file (standard input for "-") as UTF-8 text.
    static func read(_ path: String) -> Result<String, Failure> {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > maximumBytes { return .failure(Failure(description: "cannot read \(path): larger than \(maximumBytes) bytes")) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Failure(description: "cannot read \(path): not UTF-8 text")) }
        return .success(text)
    }
}

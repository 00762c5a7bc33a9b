import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

extension RemoteCommands {
    static let syncStatus = Command(
        words: ["sync", "status"], synopsis: "",
        summary: "Show sessiond-sync's last push and pull, what waits to be pushed, its last error, and the roles shared with.",
        details: """
            sessiond-sync reports each round to the daemon: the times are those of the last
            push and pull that completed, the backlog the changes logged here that
            PostgreSQL does not hold yet, the error the one that stopped the last round
            (none once a round completes). Exit status 0 whatever they say.
            """,
        options: CommonOptions.daemon,
        run: { arguments, context in
            let status = try context.call(try context.connect(arguments), SyncStatus.self, NoParams())
            if context.printJSON(status, arguments) { return ExitStatus.ok }
            let console = context.console
            console.print("last push   \(status.lastPush ?? "never")")
            console.print("last pull   \(status.lastPull ?? "never")")
            console.print("backlog     \(plural(status.backlog, "change")) to push")
            if let error = status.lastError {
                console.print("last error  \(status.lastErrorAt ?? "")  \(error)")
            }
            console.print("shared with \(status.shares.isEmpty ? "nobody" : status.shares.joined(separator: ", "))")
            return ExitStatus.ok
        })

    static let syncShare = Command(
        words: ["sync", "share"], synopsis: "ROLE",
        summary: "Share your synced records with a coach's PostgreSQL role (sessiond-sync carries it over on its next round).",
        details: """
            ROLE is the coach's login role in the sync database, a member of
            sessiond_coach: it may then read your records and the views built on them,
            and write plans for you (sessiond-sync plan). sessionctl sync unshare ROLE
            takes it back.
            """,
        options: CommonOptions.daemon,
        run: { arguments, context in
            let role = try syncRole(arguments, command: "sync share")
            let result = try context.call(try context.connect(arguments), SyncShare.self, SyncShare.Params(role: role))
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            context.console.print(result.added ? "sharing with \(role) (from sessiond-sync's next round)" : "already sharing with \(role)")
            return ExitStatus.ok
        })

    static let syncUnshare = Command(
        words: ["sync", "unshare"], synopsis: "ROLE",
        summary: "Stop sharing your synced records with a role (sessiond-sync removes the share on its next round).",
        details: "Exit status 1 when ROLE was not shared with.",
        options: CommonOptions.daemon,
        run: { arguments, context in
            let role = try syncRole(arguments, command: "sync unshare")
            let result = try context.call(try context.connect(arguments), SyncUnshare.self, SyncShare.Params(role: role))
            if result.removed, context.printJSON(result, arguments) { return ExitStatus.ok }
            guard result.removed else {
                context.console.error("sessionctl: \(role) is not shared with (sessionctl sync shares lists who is)")
                return ExitStatus.refused
            }
            context.console.print("no longer sharing with \(role) (from sessiond-sync's next round)")
            return ExitStatus.ok
        })

    static let syncShares = Command(
        words: ["sync", "shares"], synopsis: "",
        summary: "List the roles your synced records are shared with.",
        details: "",
        options: CommonOptions.daemon,
        run: { arguments, context in
            let status = try context.call(try context.connect(arguments), SyncStatus.self, NoParams())
            if context.printJSON(JSONValue.array(status.shares.map { .string($0) }), arguments) { return ExitStatus.ok }
            for role in status.shares { context.console.print(role) }
            return ExitStatus.ok
        })

    /// The one ROLE a share command takes, checked as the daemon checks it.
    static func syncRole(_ arguments: ParsedArguments, command: String) throws -> String {
        guard arguments.positionals.count == 1 else { throw UsageError("\(command) needs one ROLE (a PostgreSQL role)") }
        let role = arguments.positionals[0]
        if let problem = SyncShare.roleProblem(role) { throw UsageError("ROLE \(problem)") }
        return role
    }
}

import JSON
import SessionCore
import SessionRPC
import SessionMacros

/// One device's exchange with PostgreSQL: pushes this daemon's change feed as
/// idempotent upserts keyed by record uid, then pulls the other devices' rows into
/// `changes.apply`. Both cursors live in the daemon: the push cursor moves (through
/// `changes.since`'s `pushed`) only after PostgreSQL committed the page, the pull cursor
/// (`changes.apply`'s `pulled`) in the same transaction as the changes it covers. A
/// kill at any moment leaves the next run to push or pull again what was not
/// acknowledged, which changes nothing the second time.
@Memberwise
public struct Syncer {
    let daemon: SocketClient
    let postgres: PostgresConnection

    /// What one push and pull did.
    public struct Report: Sendable, CustomStringConvertible {
        public var pushed = 0
        public var pulled = 0
        public var applied = 0
        public var ignored = 0
        public var unresolved = 0
        /// Why each row pulled that this build cannot read was passed over.
        public var unreadable: [String] = []
        /// Plans from PostgreSQL the daemon stored and activated, and refused.
        public var plans = 0
        public var plansRefused = 0
        /// True once the push, and the pull, completed.
        public var pushDone = false
        public var pullDone = false

        /// A round that did nothing yet.
        public init() {}

        public var description: String {
            "sync pushed=\(pushed) pulled=\(pulled) applied=\(applied) ignored=\(ignored) unresolved=\(unresolved)"
                + " plans=\(plans) plansRefused=\(plansRefused) unreadable=\(unreadable.count)"
        }
    }

    /// Why a run stopped: the daemon refused, could not be reached, or PostgreSQL failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The upsert of a page: the newer reading wins and a record's tombstone is final,
    /// a setting's not (`ConvergenceRule`: set again later, it is back); a session comes
    /// merged with the row held (`pushedRows`), at the held reading when that is the
    /// later one; an athlete's pushes take turns, so `seq` follows commits.
    static let upsert = """
        INSERT INTO sessiond_record AS r (uid, entity, hlc, deleted, data, device)
        SELECT x.uid, x.entity, x.hlc, x.deleted, x.data, x.device
        FROM jsonb_to_recordset($1::jsonb) AS x(uid text, entity text, hlc text, deleted boolean, data jsonb, device text)
        ON CONFLICT (athlete, uid) DO UPDATE
            SET hlc = excluded.hlc, deleted = excluded.deleted, data = excluded.data, device = excluded.device,
                seq = nextval('sessiond_record_seq')
            WHERE CASE WHEN r.entity IN (\(SyncEntity.allCases.filter(\.isSetting).map { "'\($0.rawValue)'" }.joined(separator: ", ")))
                       THEN excluded.hlc > r.hlc
                       WHEN r.entity = 'session' AND NOT excluded.deleted
                       THEN NOT r.deleted AND (excluded.hlc > r.hlc OR excluded.hlc = r.hlc AND excluded.data IS DISTINCT FROM r.data)
                       ELSE NOT r.deleted AND (excluded.deleted OR excluded.hlc > r.hlc) END
        """

    /// The rows this device pulled past ($2: its pull position) that hold a later
    /// reading than its change of them ($1: each change's uid and own reading), which
    /// the upsert turned down (an edit made here of a record whose reading lies ahead of
    /// this device's clock: a row another device wrote with its clock a year fast):
    /// moved to the feed's end under no device, so this device pulls the record as the
    /// database holds it and converges on it, where it had kept its own edit for good.
    /// A later row it has not pulled yet reaches it by its pull as ever.
    static let redeliver = """
        UPDATE sessiond_record AS r SET device = '', seq = nextval('sessiond_record_seq')
        FROM jsonb_to_recordset($1::jsonb) AS x(uid text, hlc text)
        WHERE r.athlete = current_user AND r.uid = x.uid AND r.hlc > x.hlc AND r.seq <= $2::bigint
        """

    /// Rows after a pull cursor, oldest first.
    static let pullPage = 1000
    static let pullQuery = """
        SELECT uid, entity, hlc, deleted, data::text, device, seq FROM sessiond_record
        WHERE athlete = current_user AND seq > $1 ORDER BY seq LIMIT \(pullPage)
        """

    /// Pushes, pulls, makes PostgreSQL's shares match the daemon's, and delivers the
    /// plans waiting for this athlete; `report` says how far it went when it throws.
    public func run(into report: inout Report) throws {
        if let problem = SyncSchema.problem(postgres) { throw Failure(description: problem) }
        let device = try push(into: &report)
        report.pushDone = true
        try pull(device: device, into: &report)
        report.pullDone = true
        try matchShares()
        try deliverPlans(into: &report)
    }

    /// Pushes every page of the feed past the push cursor; returns this device's id.
    func push(into report: inout Report) throws -> String {
        var page = try call(ChangesSince.self, ChangesSince.Params())
        // How far this device has pulled: a record it pulled past comes back to it only
        // when the database turns its change down (`redeliver`).
        let pulledPast = String(Self.position(in: page.pulled, server: try SyncSchema.serverID(postgres)))
        while !page.changes.isEmpty || page.next != page.pushed {
            if !page.changes.isEmpty {
                try postgres.transaction {
                    for statement in Self.takeTurn { try postgres.query(statement) }
                    var rows = JSONWriter()
                    let pushed = try pushedRows(page.changes, device: page.device)
                    rows.array { writer in
                        for row in pushed { row.encode(to: &writer) }
                    }
                    try postgres.query(Self.upsert, [String(decoding: rows.bytes, as: UTF8.self)])
                    // Every change's own reading, a session's the merge kept out too.
                    var readings = JSONWriter()
                    readings.array { writer in
                        for change in page.changes { writer.object { $0.member("uid", change.uid); $0.member("hlc", change.hlc) } }
                    }
                    try postgres.query(Self.redeliver, [String(decoding: readings.bytes, as: UTF8.self), pulledPast])
                }
                report.pushed += page.changes.count
            }
            // Committed: the cursor moves, and the next page comes back.
            page = try call(ChangesSince.self, ChangesSince.Params(pushed: page.next))
        }
        return page.device
    }

    /// The rows a page of changes writes. A session the database holds already is
    /// merged with what it holds (`ConvergenceRule.merge`: its end stays), read while the
    /// athlete's pushes take turns; a merge that took anything from the row held is
    /// written under no device (`device` empty), so every device pulls it, this one
    /// too, and one that adds nothing is not written.
    func pushedRows(_ changes: [SyncChange], device: String) throws -> [PushedRow] {
        let sessions = changes.filter { $0.session != nil && !$0.deleted }.map(\.uid)
        var held: [String: ConvergenceRule.SessionVersion] = [:]
        if !sessions.isEmpty {
            for row in try postgres.query(Self.heldSessions, ["{" + sessions.joined(separator: ",") + "}"]) {
                guard let uid = row[0], let hlc = row[1].flatMap(HybridTimestamp.init(text:)), let data = row[2],
                      let session = try? SyncedSession(json: JSONParser.parse(data)) else { continue }
                held[uid] = ConvergenceRule.SessionVersion(hlc: hlc, session: session)
            }
        }
        return changes.compactMap { change in
            guard let session = change.session, let stamp = change.timestamp, let version = held[change.uid] else {
                return PushedRow(change: change, device: device)
            }
            let incoming = ConvergenceRule.SessionVersion(hlc: stamp, session: session)
            let merged = ConvergenceRule.merge(incoming, over: version)
            if merged == version.asMerged { return nil }
            var written = change
            written.hlc = merged.hlc.text
            written.session = merged.session
            return PushedRow(change: written, device: merged == incoming.asMerged ? device : "")
        }
    }

    /// The athlete's pushes take turns: each holds, until it commits, the lock of the
    /// athlete's own row of `sessiond_channel` (made on first use), which row-level
    /// security hides from every other role (a superuser's aside). An advisory lock
    /// would not do: any role may take any key, and `pg_locks` shows every key held.
    static let takeTurn = [
        "INSERT INTO sessiond_channel DEFAULT VALUES ON CONFLICT (athlete) DO NOTHING",
        "SELECT FROM sessiond_channel WHERE athlete = current_user FOR NO KEY UPDATE",
    ]

    /// How long a statement waits for a lock before the round fails (`lock_timeout`).
    static let lockTimeoutSeconds = 30

    /// The sessions of a page the database holds, not deleted.
    static let heldSessions = """
        SELECT uid, hlc, data::text FROM sessiond_record
        WHERE athlete = current_user AND entity = 'session' AND NOT deleted AND uid = ANY($1::text[])
        """

    /// A change as `sessiond_record`'s columns, written straight to the upsert's JSON:
    /// the record's state (`data`) is the change's member its entity names (`session`,
    /// `set`, `alias`, …), kept as it came whatever the entity; null for a tombstone.
    struct PushedRow: JSONObjectEncodable {
        let change: SyncChange
        let device: String

        func encodeMembers(to writer: inout JSONWriter) {
            writer.member("uid", change.uid)
            writer.member("entity", change.entity.rawValue)
            writer.member("hlc", change.hlc)
            writer.member("deleted", change.deleted)
            writer.key("data")
            if let state = change.state { state.encode(to: &writer) } else { writer.null() }
            writer.member("device", device)
        }
    }

    /// Pulls the other devices' rows past the pull cursor and applies them a page at a
    /// time, each page's sessions (and other records) before its sets; the cursor is
    /// stored with each page's last changes when all so far were settled, so memory is
    /// one page's and a pull cut short keeps what it applied. A change left unresolved
    /// (a set whose session's row lies on the next page, a session finished after its
    /// sets were logged) is tried again after the next page's records, at most a page
    /// of them; while any waits, the cursor stays where it was. A row this build cannot
    /// read (an entity it does not know, a state that does not read) is passed over and
    /// said in `report.unreadable`: held, it would stop every later pull of this device
    /// for good. It is pulled again only by a build that reads more entities
    /// (`position(in:server:)`).
    func pull(device: String, into report: inout Report) throws {
        let server = try SyncSchema.serverID(postgres)
        let stored = try call(ChangesSince.self, ChangesSince.Params(limit: 1)).pulled
        var cursor = Self.position(in: stored, server: server)
        // Changes left unresolved, tried again with the next page; and whether the cursor
        // may still move (none was given up on this round).
        var waiting: [SyncChange] = []
        var settled = true
        while true {
            let rows = try postgres.query(Self.pullQuery, [String(cursor)])
            var changes: [SyncChange] = []
            for row in rows where row[5] != device {
                do {
                    changes.append(try Self.change(row))
                } catch {
                    report.unreadable.append("\(error)")
                }
            }
            report.pulled += changes.count
            let previous = cursor
            if let row = rows.last, let text = row[6], let last = Int64(text) { cursor = last }
            let full = rows.count == Self.pullPage
            guard cursor != previous else { break }
            let ordered = changes.filter { $0.entity != .set } + waiting + changes.filter { $0.entity == .set }
            waiting = []
            let chunks = Self.chunks(ordered)
            for (index, chunk) in chunks.enumerated() {
                // The cursor goes with a page's last changes, unless some wait.
                let storesCursor = index == chunks.count - 1 && settled && waiting.isEmpty
                let result = try call(ChangesApply.self, ChangesApply.Params(changes: chunk, pulled: storesCursor ? Self.cursorText(server: server, position: cursor) : nil))
                report.applied += result.applied
                report.ignored += result.ignored
                let unresolved = Set(result.unresolved)
                waiting += chunk.filter { unresolved.contains($0.uid) }
            }
            // More than a page waiting: given up on this round (the cursor stays before
            // them; the next round pulls them again).
            if waiting.count > Self.pullPage {
                report.unresolved += waiting.count
                waiting = []
                settled = false
            }
            if !full { break }
        }
        report.unresolved += waiting.count
    }

    /// The JSON bytes of changes one `changes.apply` carries at most: its request line
    /// stays well under the daemon's 1 MiB (sets with long notes are 4 KB each).
    static let chunkBytes = 768 << 10

    /// `changes` in calls of at most `ChangesApply.maximumChanges` changes and
    /// `chunkBytes` bytes, in order; one empty call for none (it moves the cursor).
    static func chunks(_ changes: [SyncChange]) -> [[SyncChange]] {
        var chunks: [[SyncChange]] = [[]]
        var bytes = 0
        for change in changes {
            let size = change.jsonBytes.count + 1
            if let last = chunks.last, !last.isEmpty, last.count == ChangesApply.maximumChanges || bytes + size > chunkBytes {
                chunks.append([])
                bytes = 0
            }
            chunks[chunks.count - 1].append(change)
            bytes += size
        }
        return chunks
    }

    /// The pull cursor as the daemon keeps it: `SERVER:SEQ:ENTITIES`, ENTITIES the
    /// number of entities this build reads (`SyncEntity`).
    static func cursorText(server: String, position: Int64) -> String {
        "\(server):\(position):\(SyncEntity.allCases.count)"
    }

    /// The position a stored pull cursor names in this database; 0 for none, another
    /// database's, or one a build that read fewer entities stored: the rows it passed
    /// over as unreadable may read now, so the pull starts again from the first (what
    /// is held already is turned down as such). A cursor without ENTITIES (`SERVER:SEQ`)
    /// was stored by a build that passed nothing over.
    static func position(in cursor: String?, server: String) -> Int64 {
        guard let parts = cursor?.split(separator: ":", omittingEmptySubsequences: false), parts.count == 2 || parts.count == 3,
              parts[0] == server, let position = Int64(parts[1]) else { return 0 }
        if parts.count == 3, (Int(parts[2]) ?? 0) < SyncEntity.allCases.count { return 0 }
        return position
    }

    /// A pulled row as a change, checked as any input is.
    static func change(_ row: [String?]) throws -> SyncChange {
        let entity = row[1] ?? ""
        let data = try row[4].map { try JSONParser.parse($0) } ?? .null
        var members: [(key: String, value: JSONValue)] = [
            ("entity", .string(entity)), ("uid", .string(row[0] ?? "")), ("hlc", .string(row[2] ?? "")), ("deleted", .bool(row[3] == "t")),
        ]
        if SyncEntity(rawValue: entity) != nil, data != .null { members.append((entity, data)) }
        let value = JSONValue.object(members)
        do {
            return try SyncChange(json: value)
        } catch {
            throw Failure(description: "PostgreSQL holds a record sessiond cannot read (uid \(row[0] ?? "?")): \(error)")
        }
    }

    /// Calls the daemon by a contract.
    func call<Contract: MethodContract>(_ contract: Contract.Type, _ params: Contract.Params) throws -> Contract.Result {
        switch try daemon.request(SocketClient.Call(Contract.self, params)).outcome {
        case .success(let value):
            do {
                return try Contract.Result(json: value)
            } catch {
                throw Failure(description: "sessiond's reply to \(Contract.name) cannot be read: \(error)")
            }
        case .failure(let error):
            throw Failure(description: "sessiond refused \(Contract.name): \(error.message)")
        }
    }
}

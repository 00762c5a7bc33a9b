import JSON
import SessionCore
import SessionMacros
import SessionRPC
import SessionStore
import SessionSystem
import Synchronization

/// What the daemon publishes of its database for answers that need no query: the
/// active plan and session and the schema version, refreshed by the database thread
/// after every commit that changes them.
@Memberwise
package struct DaemonFacts: Sendable, Equatable {
    var activePlanID: Int64?
    var activeSessionID: Int64?
    var schemaVersion: Int
    /// The database's open files as `DEVICE:INODE` (`Database.openFileIdentities`).
    var databaseFiles: [String] = []

    /// The facts as `database` holds them now (the caller owns the database).
    init(reading database: Database) throws(StorageError) {
        self.init(activePlanID: try database.plans.activePlanID(), activeSessionID: try database.sessions.activeSession()?.id,
                  schemaVersion: try database.schemaVersion(), databaseFiles: database.openFileIdentities)
    }
}

/// What the serving loop counts of its clients, for `daemon.status`: a health check sees
/// who is connected, who listens for events, and whether requests pile up at the
/// database (another process holding its write lock).
package struct ServingCounts: Sendable, Equatable {
    /// Open client connections.
    package var connections = 0
    /// Connections that subscribed to events.
    package var subscribers = 0
    /// Request lines handed to the database thread and not answered yet (a batch once).
    package var atDatabase = 0

    package init(connections: Int = 0, subscribers: Int = 0, atDatabase: Int = 0) {
        (self.connections, self.subscribers, self.atDatabase) = (connections, subscribers, atDatabase)
    }
}

/// The serving loop's counts as it last published them (once a turn of the loop, when
/// they changed), for a `daemon.status` the database thread answers (in a batch).
package final class SharedServingCounts: Sendable {
    private let counts = Mutex(ServingCounts())

    package init() {}

    /// The counts last published.
    package var current: ServingCounts { counts.withLock { $0 } }

    /// Publishes the loop's counts.
    package func publish(_ latest: ServingCounts) { counts.withLock { $0 = latest } }
}

/// The context of the routes the serving loop answers itself, at once, without the
/// database thread: they stay fast while a heavy batch runs or another process holds
/// the database's lock.
@Memberwise
package struct LoopService: MethodContext {
    let facts: DaemonFacts
    let databasePath: String
    let startedMonotonicMs: Int64
    let clock: LocalClock
    let nowMs: Int64
    let serving: ServingCounts

    package var decoding: DecodingContext { DecodingContext(nowMs: nowMs) }

    /// The daemon's zone, set once at start (`LocalClock.use`): read once.
    static let timeZone = LocalClock.zoneName()

    /// `daemon.status`, from the published facts.
    func status() -> DaemonStatus.Result {
        DaemonStatus.Result {
            $0.version = SessiondVersion.current
            // On the monotonic clock: a step of the wall clock moves no uptime.
            $0.uptimeSeconds = Int(max(0, LocalClock.monotonicMs() - startedMonotonicMs) / 1000)
            $0.activePlanID = facts.activePlanID
            $0.activeSessionID = facts.activeSessionID
            $0.database = databasePath
            $0.databaseFiles = facts.databaseFiles.isEmpty ? nil : facts.databaseFiles
            $0.schemaVersion = facts.schemaVersion
            $0.today = clock.localDate(atMs: nowMs)
            $0.timeZone = Self.timeZone
            $0.connections = serving.connections
            $0.subscribers = serving.subscribers
            $0.requestsAtDatabase = serving.atDatabase
        }
    }
}

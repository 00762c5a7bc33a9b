import SessionStore
import SessionSystem

/// A feature of the daemon (`SessionsFeature`, `ExercisesFeature`, `HistoryFeature`,
/// `HealthFeature`): a value made per call over the one `SessionService`, holding its
/// handlers and, beside them, its routes (`DaemonRoutes`). The service keeps only what
/// features share (the database, the clock, the request's time and caller, staged
/// imports, backups, the rest timer, what runs after the commit, exercise identity);
/// a feature reads the first three as its own and reaches the rest through `service`.
///
/// Making one costs no allocation: it is a struct holding the service's reference, and
/// these members are resolved statically.
protocol ServiceFeature {
    /// The service the feature serves through.
    var service: SessionService { get }
}

extension ServiceFeature {
    /// The database of the group commit being served.
    var database: Database { service.database }
    /// The daemon's clock and zone.
    var clock: LocalClock { service.clock }
    /// The time of the request being served.
    var nowMs: Int64 { service.nowMs }
}

import SessionCore
import JSON

/// `history.archive`: what a restore needs besides the workouts (`history.export`), a
/// part and a page at a time: the plans with their text, the plan events, the
/// health samples, and the profile with the aliases, one's own exercises and rests. `history.import` takes it back.
public enum HistoryArchiveGet: MethodContract {
    public static let method = MethodDescription(
        name: "history.archive", summary: "Plans, plan events, health samples, profile, aliases and one's own exercises and rests, a part and a page at a time; history.import restores them.",
        readsOnly: true, repliesLarge: true)

    /// The parts, in the order a restore needs them.
    public enum Part: String, CaseIterable, Sendable {
        case settings, plans, events, health
    }

    /// Items per page, at most and by default: plans carry their text.
    public static let plansPage = 1...100
    public static let healthPage = 1...5000

    @CodedParams
    public struct Params: MethodParams {
        @Param(.choice, required: true, "settings (profile, aliases, one's own exercises and rests), plans (with their text), events (activations and one-off moves, which the plan calendar is derived from) or health")
        public var part: Part = .settings
        /// The page after this id (the previous page's `next`).
        @Param(.id, "plans and health: the page after this id, the previous page's next")
        public var after: Int64?
        @Param(.int, in: 1...HistoryArchiveGet.healthPage.upperBound,
            "plans and health: items per page (at most \(HistoryArchiveGet.plansPage.upperBound) plans, \(HistoryArchiveGet.healthPage.upperBound) samples)")
        public var limit: Int?
    }

    @Coded
    public struct Result: CodedResult {
        @Member(.members) public var archive = HistoryArchive()
        /// Where the next page starts (`after`), nil on the last page.
        public var next: Int64?
    }
}

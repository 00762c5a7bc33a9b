/// What a set beat when it was logged (`SetDecision`): the exercise's best Epley
/// estimate, its heaviest weight, its best set volume, the most reps at that weight or
/// a heavier one, the most reps without a load; and what a finished session beat: its
/// best session volume.
public struct RecordKinds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let oneRepMax = RecordKinds(rawValue: 1 << 0)
    public static let weight = RecordKinds(rawValue: 1 << 1)
    public static let setVolume = RecordKinds(rawValue: 1 << 2)
    public static let repsAtWeight = RecordKinds(rawValue: 1 << 3)
    public static let reps = RecordKinds(rawValue: 1 << 4)
    public static let sessionVolume = RecordKinds(rawValue: 1 << 5)

    /// The wire and storage name of each kind, in order.
    public static let names = ["oneRepMax", "weight", "setVolume", "repsAtWeight", "reps", "sessionVolume"]
    private static let all: [RecordKinds] = [.oneRepMax, .weight, .setVolume, .repsAtWeight, .reps, .sessionVolume]

    /// The kinds' names, in order (`["oneRepMax", "weight"]`).
    public var names: [String] {
        zip(Self.all, Self.names).filter { contains($0.0) }.map(\.1)
    }

    /// The kinds named; unknown names are ignored.
    public init(names: some Sequence<some StringProtocol>) {
        var kinds: RecordKinds = []
        for name in names {
            if let index = Self.names.firstIndex(of: String(name)) { kinds.insert(Self.all[index]) }
        }
        self = kinds
    }
}

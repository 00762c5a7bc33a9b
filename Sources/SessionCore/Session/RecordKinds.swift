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
        Self.namesOfEach.indices.contains(rawValue) ? Self.namesOfEach[rawValue] : Self.names(of: self)
    }

    /// The names comma-separated (`oneRepMax,weight`), as a set's row keeps them.
    public var joinedNames: String {
        Self.joinedNamesOfEach.indices.contains(rawValue) ? Self.joinedNamesOfEach[rawValue] : names.joined(separator: ",")
    }

    /// Every set of kinds' names, by raw value, made once: a set logged asks for them
    /// (its reply, its row) and would otherwise build the list each time.
    private static let namesOfEach: [[String]] = (0..<(1 << all.count)).map { names(of: RecordKinds(rawValue: $0)) }
    private static let joinedNamesOfEach: [String] = namesOfEach.map { $0.joined(separator: ",") }

    private static func names(of kinds: RecordKinds) -> [String] {
        zip(all, names).filter { kinds.contains($0.0) }.map(\.1)
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

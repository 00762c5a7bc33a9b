import SessionMacros

/// What a person's words name: the one rule every command that takes an exercise's
/// name follows (`log` and `session.log`'s `match`, `track`, `history`, `progress` and
/// `exercise.history`, `exercise show` and `exercise.get`, `plan set`). First that
/// applies:
/// 1. a name of the catalog's — its own, a synonym, a tracker's spelling ("Squat
///    (Barbell)") — names that exercise, under the catalog's name;
/// 2. an alias names the exercise it stands for;
/// 3. a name of the person's own (defined, or logged and unknown to the catalog);
/// 4. a name of the day's: its plan's exercises, then what its session logged off-plan;
/// 5. a catalog name with its words in another order or a default posture added
///    ("Standing Barbell Shoulder Press" is the Overhead Press:
///    `ExerciseCatalog.exercise(wordsOf:)`);
/// 6. with `isNew`, the words themselves: a new exercise of one's own;
/// 7. a unique start of a name (`ExerciseMatcher.start(of:in:)`), among the day's
///    exercises, else those known (aliases, one's own, those logged or in the active
///    plan), else the catalog's, each exercise by any of its names ("one-arm" is the
///    Dumbbell Row once one was logged). Several at the first of these that has any
///    throw `ambiguousExercise` with them; none anywhere throws `unknownExercise` with the
///    closest names, none of another equipment than the words state.
/// Exact names (1–4) are compared as match keys: any case and spacing, `-` and `_` as
/// spaces.
public enum ExerciseResolver {
    /// The names known besides the catalog, the aliases and the day's: read only when
    /// the words are none of the catalog's or an alias.
    @Memberwise
    public struct Known: Sendable, Equatable {
        /// Exercises defined as one's own (`exercise.define`).
        public var own: [String] = []
        /// Every exercise logged before, by a name of it, then the active plan's; those
        /// the catalog does not know are one's own too.
        public var logged: [String] = []
    }

    /// Which step of the rule found the exercise.
    public enum Rule: String, Sendable {
        case catalog, alias, own, day, wordOrder, new, start
    }

    /// What the words named.
    public struct Resolved: Sendable, Equatable {
        /// The name it goes by: the catalog's for a catalogued exercise (an alias's too),
        /// else the alias's exercise's, one's own or the day's as written; for `new`, the
        /// words with their spacing collapsed.
        public let name: String
        /// The day's exercise it is (a planned one has an id and position), found by the
        /// same exercise under any of its names; nil when the day has none of it.
        public let day: ExerciseMatcher.Candidate?
        public let rule: Rule
    }

    /// The exercise `words` name by the rule above. `day` is the day's exercises (the
    /// plan day's with ids and positions, then the session's off-plan names), `aliases`
    /// each alias's key → the name of the exercise it stands for, and `known` (asked at
    /// most once, only past the catalog's names and the aliases) the names known
    /// besides.
    public static func resolve(
        _ words: String, isNew: Bool = false, day: [ExerciseMatcher.Candidate], aliases: [String: String], catalog: ExerciseCatalog = .builtIn,
        known: () throws -> Known
    ) throws -> Resolved {
        let names = Names(catalog: catalog, aliases: aliases)
        let typed = words.collapsingWhitespace()
        let key = ExerciseMatcher.matchKey(typed)
        func found(_ name: String, _ rule: Rule) -> Resolved {
            let identity = names.identity(name)
            return Resolved(name: name, day: day.first { names.identity($0.name) == identity }, rule: rule)
        }
        if let exercise = catalog.exercise(named: typed) { return found(exercise.name, .catalog) }
        if let target = aliases[typed.exerciseKey] ?? aliases[key] { return found(names.display(target), .alias) }
        let known = try known()
        let own = ExerciseMatcher.distinct(known.own + known.logged.filter { catalog.exercise(named: $0) == nil && aliases[$0.exerciseKey] == nil })
        if let mine = own.first(where: { ExerciseMatcher.matchKey($0) == key }) { return found(mine, .own) }
        if let today = day.first(where: { ExerciseMatcher.matchKey($0.name) == key }) { return Resolved(name: today.name, day: today, rule: .day) }
        if let exercise = catalog.exercise(wordsOf: typed) { return found(exercise.name, .wordOrder) }
        if isNew { return found(typed, .new) }
        let tiers = names.tiers(day: day, known: known, own: own)
        for tier in tiers {
            // Its names as written and the catalog's first, then its other names: "lat"
            // is Lat Pulldown, though Lateral Raise goes by Lat Raise as well.
            var start = ExerciseMatcher.start(of: key, in: tier.map(\.names))
            if start == .none { start = ExerciseMatcher.start(of: key, in: tier.map(\.keys)) }
            switch start {
            case .one(let index):
                let entry = tier[index]
                return entry.candidate.map { Resolved(name: $0.name, day: $0, rule: .start) } ?? found(entry.name, .start)
            case .several(let indices):
                throw SessionError.ambiguousExercise(typed, matches: indices.map { tier[$0].candidate ?? ExerciseMatcher.Candidate(offPlan: tier[$0].name) })
            case .none: continue
            }
        }
        throw SessionError.unknownExercise(typed, suggestions: names.suggestions(for: typed, among: tiers))
    }

    /// One exercise a start may name: the name it goes by, the match keys of its names
    /// as written and the catalog's, those of every name it has, and the day's exercise
    /// it is.
    struct Entry {
        let name: String
        var names: [String]
        var keys: [String]
        let candidate: ExerciseMatcher.Candidate?
    }

    /// The catalog and the aliases, with what the rule asks of them.
    struct Names {
        let catalog: ExerciseCatalog
        let aliases: [String: String]

        /// The key a name's sets are kept under (`ExerciseCatalog.identityKey`).
        func identity(_ name: String) -> String {
            let key = name.exerciseKey
            return catalog.identityKey(key, aliasTarget: aliases.isEmpty ? nil : aliases[key]?.exerciseKey)
        }

        /// The name an exercise named `name` goes by: the catalog's, else its own.
        func display(_ name: String) -> String {
            catalog.exercise(named: name)?.name ?? name
        }

        /// Every name of the exercise named `name`: the catalog's names of it when it
        /// knows it, else the name alone.
        func forms(_ name: String) -> [String] {
            catalog.exercise(named: name).map { [$0.name] + $0.names } ?? [name]
        }

        /// The entries a start is looked for in, tier by tier: the day's exercises,
        /// those known (aliases under their own words, one's own, logged, planned), the
        /// catalog's. Each exercise once per tier, under its first name there.
        func tiers(day: [ExerciseMatcher.Candidate], known: Known, own: [String]) -> [[Entry]] {
            func tier(_ items: [(name: String, candidate: ExerciseMatcher.Candidate?, extra: [String])]) -> [Entry] {
                var entries: [Entry] = []
                var byIdentity: [String: Int] = [:]
                for item in items {
                    let identity = identity(item.name)
                    let names = [item.name, display(item.name)].map(ExerciseMatcher.matchKey)
                    let keys = (forms(item.name) + item.extra).map(ExerciseMatcher.matchKey)
                    if let index = byIdentity[identity] {
                        entries[index].names += names
                        entries[index].keys += keys
                        continue
                    }
                    byIdentity[identity] = entries.count
                    let candidate = item.candidate.map { ExerciseMatcher.Candidate(named: display($0.name), as: $0) }
                    entries.append(Entry(name: display(item.name), names: names, keys: keys, candidate: candidate))
                }
                return entries
            }
            let aliased = aliases.sorted { $0.key < $1.key }.map { (name: $0.value, candidate: ExerciseMatcher.Candidate?.none, extra: [$0.key]) }
            let knownNames = (own + known.logged).map { (name: $0, candidate: ExerciseMatcher.Candidate?.none, extra: [String]()) }
            return [
                tier(day.map { (name: $0.name, candidate: $0, extra: []) }),
                tier(aliased + knownNames),
                tier(catalog.exercises.map { (name: $0.name, candidate: nil, extra: []) }),
            ]
        }

        /// The names closest to `typed` among every tier's, closest first, each
        /// exercise once: a name is measured whole and with its words sorted (a typo of
        /// a name in another order), with a default posture word dropped from the
        /// words typed; an exercise of other equipment than `typed` states is left out.
        func suggestions(for typed: String, among tiers: [[Entry]]) -> [String] {
            let key = ExerciseMatcher.matchKey(typed)
            let words = ExerciseCatalog.words(typed)
            let sorted = Set(words.filter { !ExerciseCatalog.defaultPostureWords.contains($0) }).sorted().joined(separator: " ")
            let stated = Equipment.stated(in: typed)
            var scored: [(name: String, distance: Int)] = []
            for entry in tiers.joined() {
                if let stated, let equipment = catalog.exercise(named: entry.name)?.equipment ?? Equipment.stated(in: entry.name), equipment != stated {
                    continue
                }
                // The catalog's tier by the names it writes (not the forms made from
                // them): two thousand distances are quick, ten thousand not.
                let names = catalog.exercise(named: entry.name).map { [$0.name] + $0.otherNames }.map { $0.map(ExerciseMatcher.matchKey) } ?? entry.keys
                let distances = names.flatMap { name in
                    [ExerciseMatcher.distance(from: key, to: name), ExerciseMatcher.distance(from: sorted, to: ExerciseCatalog.setKey(ExerciseCatalog.words(name)))]
                }.compactMap { $0 }
                if let best = distances.min() { scored.append((entry.name, best)) }
            }
            var seen = Set<String>()
            return scored.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }.map(\.element.name)
                .filter { seen.insert(ExerciseMatcher.matchKey($0)).inserted }
        }
    }
}

extension ExerciseMatcher.Candidate {
    /// `candidate` under another name: the day's exercise as every output names it.
    init(named name: String, as candidate: ExerciseMatcher.Candidate) {
        if let id = candidate.id, let position = candidate.position {
            self.init(id: id, position: position, name: name)
        } else {
            self.init(offPlan: name)
        }
    }
}

import JSON
import SessionCore

extension PlanReader {
    /// Fillers used to pad a day when `exercisesPerDay` asks for more exercises than the
    /// plan gave: gentle, equipment-free work that fits any day.
    static let fillers = [
        "Mobility Flow", "Plank Hold", "Glute Bridge", "Bird Dog", "Dead Bug", "Side Plank",
        "Wall Sit", "Cat-Cow", "Hip Flexor Stretch", "Thoracic Rotation",
    ]

    /// A warm-up item's keys: an exercise's name, target and notes.
    static let warmupKeys = exerciseKeys.filter { ["name", "reps", "durationSeconds", "description", "notes"].contains($0.value) }

    mutating func readExercises(_ value: JSONValue?, path: JSONPath) -> [PlannedExercise] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else {
            fail(path, "must be an array of exercises, got \(value.typeDescription)")
            return []
        }
        guard refuseMore(than: PlanLimits.exercisesInADay, items.count, "exercises", path: path) else { return [] }
        var exercises: [PlannedExercise] = []
        var firstPathByKey: [String: (JSONPath, String)] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            var read: [(PlannedExercise, JSONPath)] = []
            if let (key, members) = Self.supersetGroup(item) {
                let label = Self.nextLabel(after: exercises.compactMap(\.superset) + Self.labels(in: items))
                warn(itemPath, "a superset of \(members.count) exercises: each kept with the label \"\(label)\"", .structure)
                for other in item.objectPairs ?? [] where other.key != key {
                    warn(itemPath.key(other.key), "ignored: a superset's own \"\(other.key)\" is not read; give it on each of its exercises", .unknownKey)
                }
                for (offset, member) in members.enumerated() {
                    let memberPath = itemPath.key(key).index(offset)
                    guard var exercise = readExercise(member, path: memberPath) else { continue }
                    exercise.superset = label
                    read.append((exercise, memberPath))
                }
            } else if let exercise = readExercise(item, path: itemPath) {
                read.append((exercise, itemPath))
            }
            for (exercise, itemPath) in read {
                let key = exercise.name.lowercased()
                if let (firstPath, firstName) = firstPathByKey[key] {
                    warn(itemPath, "duplicate of \"\(firstName)\" at \(firstPath); dropped", .dropped)
                    continue
                }
                firstPathByKey[key] = (itemPath, exercise.name)
                exercises.append(exercise)
            }
        }
        // Supersets are one item of the list and several exercises of the day.
        guard refuseMore(than: PlanLimits.exercisesInADay, exercises.count, "exercises", path: path) else { return [] }
        return exercises
    }

    /// False, with the error at `path`, when a day lists more `what` than `limit`.
    private mutating func refuseMore(than limit: Int, _ count: Int, _ what: String, path: JSONPath) -> Bool {
        guard count > limit else { return true }
        fail(path, "\(count) \(what): a day holds at most \(limit)")
        return false
    }

    mutating func readExercise(_ value: JSONValue, path: JSONPath) -> PlannedExercise? {
        if case .string = value {
            guard let name = readRequiredName(value, path: path) else { return nil }
            if !bareSchedule {
                warn(path, "name only: \(PlanLimits.defaultSets) sets, no rep target", .defaulted)
            }
            return PlannedExercise(name: name, sets: PlanLimits.defaultSets)
        }
        guard let pairs = value.objectPairs else {
            fail(path, "an exercise must be an object or a name, got \(value.typeDescription)")
            return nil
        }
        let fields = fields(pairs, path: path, table: Self.exerciseKeys,
                            exact: ["name", "sets", "reps", "repsMax", "amrap", "durationSeconds", "weightKg", "weight", "restSeconds", "description", "superset"])
        let name: String?
        if let nameValue = fields["name"] {
            name = readRequiredName(nameValue, path: fields.path(path, "name"))
        } else {
            fail(path.key("name"), "an exercise needs a name")
            name = nil
        }
        var exercise = PlannedExercise(name: name ?? "", sets: PlanLimits.defaultSets)
        var notes: [String] = []
        var setsRead: Int?
        if let setsValue = fields["sets"] { setsRead = readSets(setsValue, path: fields.path(path, "sets"), into: &exercise, notes: &notes) }
        let setsFromTarget = readTarget(fields, path: path, into: &exercise, notes: &notes)
        if let sets = setsRead {
            if let fromTarget = setsFromTarget, fromTarget != sets {
                fail(fields.path(path, "sets"), "\(sets) sets, but \"\(fields.written(fields.has("scheme") ? "scheme" : "reps"))\" says \(fromTarget)")
            }
            exercise.sets = sets
        } else if let fromTarget = setsFromTarget {
            exercise.sets = fromTarget
        } else if !fields.has("sets") {
            warn(path.key("sets"), "missing: \(PlanLimits.defaultSets) sets assumed", .defaulted)
        }
        exercise.weightKg = readWeight(fields, path: path, notes: &notes) ?? exercise.weightKg
        if let label = fields["superset"] { exercise.superset = readSupersetLabel(label, path: fields.path(path, "superset")) }
        if let restValue = fields["restSeconds"] {
            let restPath = fields.path(path, "restSeconds")
            if let text = restValue.stringValue, !text.contains(where: \.isNumber), !text.collapsingWhitespace().isEmpty {
                // "Mínimo (superset)", "as needed": a rest in words, kept as said.
                notes.append("rest: " + text.collapsingWhitespace())
                warn(restPath, "\(restValue.jsonText) has no number: kept in the description, no rest set", .prescription)
            } else {
                exercise.restSeconds = readSeconds(restValue, path: restPath, range: PlanLimits.restSeconds)
            }
        }
        for (key, label) in [("rpe", "RPE"), ("rir", "RIR"), ("tempo", "tempo")] {
            guard let extra = fields[key] else { continue }
            let text = extra.stringValue ?? extra.jsonText
            notes.append("\(label) \(text)")
            warn(fields.path(path, key), "kept in the description as \"\(label) \(text)\"", .prescription)
        }
        if fields.has("notes") { warn(fields.path(path, "notes"), "kept in the description", .keySpelling) }
        exercise.description = describe(readDescription(fields["description"], path: fields.path(path, "description")),
                                         notes: [readDescription(fields["notes"], path: fields.path(path, "notes"))].compactMap { $0 } + notes,
                                         path: path)
        return name == nil ? nil : exercise
    }

    /// A group written as `{"superset": [exercise, …]}` (or "circuit"): its key and members.
    static func supersetGroup(_ item: JSONValue) -> (key: String, members: [JSONValue])? {
        guard let pairs = item.objectPairs, !pairs.contains(where: { exerciseKeys[folded($0.key)] == "name" }) else { return nil }
        for pair in pairs where ["superset", "circuit", "supersetexercises", "giantset", "triset"].contains(folded(pair.key)) {
            if let members = pair.value.arrayValue, isExerciseList(pair.value) { return (pair.key, members) }
        }
        return nil
    }

    /// The labels exercises give themselves with a "superset" key.
    static func labels(in items: [JSONValue]) -> [String] {
        items.compactMap { item in
            item.objectPairs?.first { exerciseKeys[folded($0.key)] == "superset" }.flatMap { $0.value.stringValue ?? $0.value.intValue.map(String.init) }
        }
    }

    /// The first of A, B, C, … not taken.
    static func nextLabel(after taken: [String]) -> String {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
        return letters.first { !taken.contains($0) } ?? "S\(taken.count + 1)"
    }

    /// A superset label: a short text or a number.
    mutating func readSupersetLabel(_ value: JSONValue, path: JSONPath) -> String? {
        let text = value.stringValue?.collapsingWhitespace() ?? value.intValue.map(String.init)
        guard let text, !text.isEmpty, text.count <= PlanLimits.supersetLabelLength else {
            fail(path, "must be a label of 1 to \(PlanLimits.supersetLabelLength) characters (exercises sharing it are a superset), got \(value.jsonText)")
            return nil
        }
        return text
    }

    /// The description and the notes import added, within the description's bound.
    mutating func describe(_ description: String?, notes: [String], path: JSONPath) -> String? {
        let parts = ([description].compactMap { $0 } + notes).filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        let joined = parts.joined(separator: "; ")
        guard joined.count <= PlanLimits.descriptionLength else {
            warn(path.key("description"), "cut to \(PlanLimits.descriptionLength) characters with what import added", .other)
            return String(joined.prefix(PlanLimits.descriptionLength))
        }
        return joined
    }

    /// Reads "sets": a count, a count as text, a range ("3-4": the lower, with a
    /// warning), or one object per set (`[{"reps": 12, "weight": …}, …]`), which also
    /// gives the rep target and the weight.
    mutating func readSets(_ value: JSONValue, path: JSONPath, into exercise: inout PlannedExercise, notes: inout [String]) -> Int? {
        if case .string(let text) = value, Int(text.trimmingWhitespace()) == nil {
            if case .range(let low, let high)? = Quantity.reps(text), PlanLimits.sets.contains(low), low < high {
                warn(path, "a range of sets \(value.jsonText): \(low) sets, the lower end", .prescription)
                notes.append("\(low)-\(high) sets")
                return low
            }
        }
        if let items = value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.objectPairs != nil }) {
            return readSetList(items, path: path, into: &exercise, notes: &notes)
        }
        return readInteger(value, path: path, range: PlanLimits.sets)
    }

    /// One object per set: their count, the span of their reps, the first set's weight;
    /// the list itself goes into the description.
    mutating func readSetList(_ items: [JSONValue], path: JSONPath, into exercise: inout PlannedExercise, notes: inout [String]) -> Int? {
        guard PlanLimits.sets.contains(items.count) else {
            failRange(path, PlanLimits.sets, got: JSONValue(items.count))
            return nil
        }
        var reps: [Int] = []
        var described: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            let fields = fields(item.objectPairs ?? [], path: itemPath, table: Self.exerciseKeys, exact: ["reps", "weightKg", "weight"])
            var count: Int?
            if let repsValue = fields["reps"] { count = readInteger(repsValue, path: fields.path(itemPath, "reps"), range: PlanLimits.reps) }
            if let count { reps.append(count) }
            var ignored: [String] = []
            let weight = readWeight(fields, path: itemPath, notes: &ignored)
            if index == 0 { exercise.weightKg = weight }
            described.append((count.map(String.init) ?? "?") + (weight.map { " × \(JSONValue.format(number: $0)) kg" } ?? ""))
        }
        if !reps.isEmpty, exercise.reps == nil, !exercise.amrap, exercise.durationSeconds == nil {
            let span = Prescription.perSet(reps)
            switch span.target {
            case .count(let count): exercise.reps = count
            case .range(let low, let high): exercise.reps = low; exercise.repsMax = high
            default: break
            }
        }
        notes.append("sets: " + described.joined(separator: ", "))
        warn(path, "one object per set: \(items.count) sets, the rep span and the first set's weight; the list kept in the description", .prescription)
        return items.count
    }

    /// Reads the rep or time target: reps (a count, a range, AMRAP, a duration, or a
    /// prescription such as "3x10" or "8 per side"), repsMax, amrap and durationSeconds,
    /// refusing contradictions. Returns the sets a prescription gave.
    mutating func readTarget(_ fields: Fields, path: JSONPath, into exercise: inout PlannedExercise, notes: inout [String]) -> Int? {
        let repsPath = fields.path(path, "reps")
        var setsGiven: Int?
        var targetKey: String?
        for key in ["scheme", "reps"] {
            guard let repsValue = fields[key] else { continue }
            if let earlier = targetKey {
                fail(fields.path(path, key), "the rep target is already given in \"\(fields.written(earlier))\"")
                continue
            }
            targetKey = key
            guard let reading = readReps(repsValue, path: fields.path(path, key)) else { continue }
            switch reading.target {
            case .count(let count): exercise.reps = count
            case .range(let low, let high): exercise.reps = low; exercise.repsMax = high
            case .amrap: exercise.amrap = true
            case .duration(let seconds): exercise.durationSeconds = seconds
            }
            if let sets = reading.sets { setsGiven = sets }
            if let note = reading.note { notes.append(note) }
        }
        if let maxValue = fields["repsMax"] {
            let maxPath = fields.path(path, "repsMax")
            if let high = readInteger(maxValue, path: maxPath, range: PlanLimits.reps) {
                if exercise.repsMax != nil {
                    fail(maxPath, "the rep range is already given in \"\(fields.written("reps"))\"")
                } else if let low = exercise.reps, high > low {
                    exercise.repsMax = high
                } else if let low = exercise.reps {
                    fail(maxPath, "must be greater than reps (\(low)), got \(high)")
                } else {
                    fail(maxPath, "needs \"reps\" as the lower end of the range")
                }
            }
        }
        if let amrapValue = fields["amrap"] {
            let amrapPath = fields.path(path, "amrap")
            if let flag = amrapValue.boolValue {
                if flag, exercise.reps != nil, !exercise.amrap {
                    fail(amrapPath, "give a rep target or amrap, not both")
                } else if !flag {
                    warn(amrapPath, "false is the default; ignored", .other)
                }
                exercise.amrap = exercise.amrap || flag
            } else {
                fail(amrapPath, "must be true or false, got \(amrapValue.jsonText)")
            }
        }
        if let durationValue = fields["durationSeconds"] {
            let durationPath = fields.path(path, "durationSeconds")
            if let seconds = readSeconds(durationValue, path: durationPath, range: PlanLimits.durationSeconds) {
                if exercise.durationSeconds != nil || exercise.reps != nil || exercise.amrap {
                    fail(durationPath, "give reps or durationSeconds, not both")
                } else {
                    exercise.durationSeconds = seconds
                }
            }
        }
        if let seconds = exercise.durationSeconds, !PlanLimits.durationSeconds.contains(seconds), fields["durationSeconds"] == nil {
            fail(repsPath, "a duration must be from \(PlanLimits.durationSeconds.lowerBound) to \(PlanLimits.durationSeconds.upperBound) seconds, got \(seconds)")
        }
        if let sets = setsGiven, !PlanLimits.sets.contains(sets) {
            fail(repsPath, "\(sets) sets: must be from \(PlanLimits.sets.lowerBound) to \(PlanLimits.sets.upperBound)")
            return nil
        }
        return setsGiven
    }

    mutating func readReps(_ value: JSONValue, path: JSONPath) -> Prescription.Reps? {
        if case .number = value {
            return readInteger(value, path: path, range: PlanLimits.reps).map { Prescription.Reps(target: .count($0)) }
        }
        if let items = value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.intValue != nil }) {
            let reading = Prescription.perSet(items.compactMap(\.intValue))
            guard items.compactMap(\.intValue).allSatisfy(PlanLimits.reps.contains) else { failRange(path, PlanLimits.reps, got: value); return nil }
            warn(path, "reps set by set \(value.jsonText): \(items.count) sets, the span as the target, the list in the description", .prescription)
            return reading
        }
        guard let text = value.stringValue, let reading = Prescription.reps(text) else {
            fail(path, "must be a number of reps, a range like \"8-12\", \"AMRAP\", a duration like \"30s\" or sets × reps like \"3x10\", got \(value.jsonText)")
            return nil
        }
        let range = PlanLimits.reps
        switch reading.target {
        case .count(let count):
            guard range.contains(count) else { failRange(path, range, got: value); return nil }
            if reading.form == nil { warn(path, "number given as a string", .numberAsString) }
        case .range(let low, let high):
            guard range.contains(low), range.contains(high), low < high else {
                fail(path, "a rep range needs two whole numbers from \(range.lowerBound) to \(range.upperBound), low before high, got \(value.jsonText)")
                return nil
            }
            if reading.form == nil { warn(path, "range \(value.jsonText) read as reps \(low), repsMax \(high)", .textRead) }
        case .amrap:
            if reading.form == nil { warn(path, "\(value.jsonText) read as amrap: as many reps as possible, no rep target", .textRead) }
        case .duration(let seconds):
            if reading.form == nil { warn(path, "\(value.jsonText) read as durationSeconds \(seconds)", .textRead) }
        }
        if let form = reading.form {
            warn(path, "\(value.jsonText) read as \(form): " + describe(reading), .prescription)
        }
        return reading
    }

    /// "3 sets, reps 8 to 12, note: …" for a warning.
    private func describe(_ reading: Prescription.Reps) -> String {
        var parts: [String] = []
        if let sets = reading.sets { parts.append("\(sets) sets") }
        switch reading.target {
        case .count(let count): parts.append("reps \(count)")
        case .range(let low, let high): parts.append("reps \(low), repsMax \(high)")
        case .amrap: parts.append("amrap")
        case .duration(let seconds): parts.append("durationSeconds \(seconds)")
        }
        if let note = reading.note { parts.append("\"\(note)\" kept in the description") }
        return parts.joined(separator: ", ")
    }

    /// `weightKg` (kg, a number or text with an optional unit), `weight` (text that must
    /// carry a unit) or `weightLb` (pounds); two at once is a contradiction.
    mutating func readWeight(_ fields: Fields, path: JSONPath, notes: inout [String]) -> Double? {
        let given = ["weightKg", "weight", "weightLb"].filter { fields.has($0) }
        if given.count > 1 {
            fail(fields.path(path, given[1]), "give one of \(given.map { "\"\(fields.written($0))\"" }.joined(separator: " and ")), not both")
            return nil
        }
        guard let key = given.first, let value = fields[key] else { return nil }
        let weightPath = fields.path(path, key)
        if key == "weightLb", case .number(let pounds) = value {
            let kilograms = Quantity.poundsToKilograms(pounds)
            warn(weightPath, "\(JSONValue.format(number: pounds)) lb converted to \(JSONValue.format(number: kilograms)) kg", .converted)
            return checkedKilograms(kilograms, value: value, path: weightPath)
        }
        return readKilograms(value, path: weightPath, unitless: key == "weight", notes: &notes)
    }

    mutating func readWarmup(_ value: JSONValue?, path: JSONPath) -> [WarmupItem] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else {
            fail(path, "must be an array of warm-up items, got \(value.typeDescription)")
            return []
        }
        guard refuseMore(than: PlanLimits.warmupItemsInADay, items.count, "warm-up items", path: path) else { return [] }
        var warmup: [WarmupItem] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            if case .string = item {
                guard let name = readRequiredName(item, path: itemPath) else { continue }
                warn(itemPath, "name only: read as {\"name\": \(JSONValue.string(name).jsonText)}", .defaulted)
                warmup.append(WarmupItem(name: name))
                continue
            }
            guard let pairs = item.objectPairs else {
                fail(itemPath, "a warm-up item must be an object or a name, got \(item.typeDescription)")
                continue
            }
            let fields = fields(pairs, path: itemPath, table: Self.warmupKeys, exact: ["name", "reps", "durationSeconds", "description"])
            var exercise = PlannedExercise(name: "", sets: 1)
            var notes: [String] = []
            if readTarget(fields, path: itemPath, into: &exercise, notes: &notes) != nil || exercise.repsMax != nil || exercise.amrap {
                fail(fields.path(itemPath, "reps"), "a warm-up item takes a single rep count or a duration")
            }
            let description = describe(readDescription(fields["description"], path: fields.path(itemPath, "description")),
                                       notes: [readDescription(fields["notes"], path: fields.path(itemPath, "notes"))].compactMap { $0 } + notes,
                                       path: itemPath)
            guard let nameValue = fields["name"] else {
                fail(itemPath.key("name"), "a warm-up item needs a name")
                continue
            }
            guard let name = readRequiredName(nameValue, path: fields.path(itemPath, "name")) else { continue }
            warmup.append(WarmupItem(name: name, reps: exercise.reps, durationSeconds: exercise.durationSeconds, description: description))
        }
        return warmup
    }

    /// Keeps the first `count` exercises and pads with fillers whose names the day does
    /// not already use.
    mutating func fit(_ exercises: [PlannedExercise], count: Int, path: JSONPath) -> [PlannedExercise] {
        var fitted = Array(exercises.prefix(count))
        if exercises.count > count {
            warn(path, "kept the first \(count) of \(exercises.count) exercises (exercisesPerDay \(count))", .dropped)
        }
        var used = Set(fitted.map { $0.name.lowercased() })
        var candidates = Self.fillers.makeIterator()
        var extra = 1
        while fitted.count < count {
            var name = candidates.next() ?? "Accessory Exercise \(extra)"
            while used.contains(name.lowercased()) {
                name = candidates.next() ?? "Accessory Exercise \(extra)"
                extra += 1
            }
            used.insert(name.lowercased())
            warn(path.index(fitted.count), "padded with \"\(name)\" (exercisesPerDay \(count))", .defaulted)
            fitted.append(PlannedExercise(name: name, sets: 2, durationSeconds: 30))
        }
        return fitted
    }
}

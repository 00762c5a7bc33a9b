import JSON

extension PlanReader {
    /// Fillers used to pad a day when `exercisesPerDay` asks for more exercises than the
    /// plan gave: gentle, equipment-free work that fits any day.
    static let fillers = [
        "Mobility Flow", "Plank Hold", "Glute Bridge", "Bird Dog", "Dead Bug", "Side Plank",
        "Wall Sit", "Cat-Cow", "Hip Flexor Stretch", "Thoracic Rotation",
    ]

    mutating func readExercises(_ value: JSONValue?, path: JSONPath) -> [PlannedExercise] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else {
            fail(path, "must be an array of exercises, got \(value.typeDescription)")
            return []
        }
        var exercises: [PlannedExercise] = []
        var firstPathByKey: [String: (JSONPath, String)] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            guard let exercise = readExercise(item, path: itemPath) else { continue }
            let key = exercise.name.lowercased()
            if let (firstPath, firstName) = firstPathByKey[key] {
                warn(itemPath, "duplicate of \"\(firstName)\" at \(firstPath); dropped")
                continue
            }
            firstPathByKey[key] = (itemPath, exercise.name)
            exercises.append(exercise)
        }
        return exercises
    }

    mutating func readExercise(_ value: JSONValue, path: JSONPath) -> PlannedExercise? {
        if case .string = value {
            guard let name = readRequiredName(value, path: path) else { return nil }
            if !bareSchedule {
                warn(path, "name only: \(PlanLimits.defaultSets) sets, no rep target")
            }
            return PlannedExercise(name: name, sets: PlanLimits.defaultSets)
        }
        guard let pairs = value.objectPairs else {
            fail(path, "an exercise must be an object or a name, got \(value.typeDescription)")
            return nil
        }
        let known = ["name", "sets", "reps", "repsMax", "amrap", "durationSeconds", "weightKg", "weight", "restSeconds", "description"]
        for pair in pairs where !known.contains(pair.key) {
            warn(path.key(pair.key), "unknown key ignored")
        }
        let namePath = path.key("name")
        let name: String?
        if let nameValue = value["name"] {
            name = readRequiredName(nameValue, path: namePath)
        } else {
            fail(namePath, "an exercise needs a name")
            name = nil
        }
        var sets = PlanLimits.defaultSets
        if let setsValue = value["sets"] {
            sets = readInteger(setsValue, path: path.key("sets"), range: PlanLimits.sets) ?? sets
        } else {
            warn(path.key("sets"), "missing: \(PlanLimits.defaultSets) sets assumed")
        }
        var exercise = PlannedExercise(name: name ?? "", sets: sets)
        readTarget(value, path: path, into: &exercise)
        exercise.weightKg = readWeight(value, path: path)
        if let restValue = value["restSeconds"] {
            exercise.restSeconds = readSeconds(restValue, path: path.key("restSeconds"), range: PlanLimits.restSeconds)
        }
        exercise.description = readDescription(value["description"], path: path.key("description"))
        return name == nil ? nil : exercise
    }

    /// Reads the rep or time target: reps (a count, a range, AMRAP, or a duration given
    /// with a unit), repsMax, amrap and durationSeconds, refusing contradictions.
    mutating func readTarget(_ value: JSONValue, path: JSONPath, into exercise: inout PlannedExercise) {
        let repsPath = path.key("reps")
        if let repsValue = value["reps"] {
            switch readReps(repsValue, path: repsPath) {
            case .count(let count)?: exercise.reps = count
            case .range(let low, let high)?: exercise.reps = low; exercise.repsMax = high
            case .amrap?: exercise.amrap = true
            case .duration(let seconds)?: exercise.durationSeconds = seconds
            case nil: break
            }
        }
        if let maxValue = value["repsMax"] {
            let maxPath = path.key("repsMax")
            if let high = readInteger(maxValue, path: maxPath, range: PlanLimits.reps) {
                if exercise.repsMax != nil {
                    fail(maxPath, "the rep range is already given in \"reps\"")
                } else if let low = exercise.reps, high > low {
                    exercise.repsMax = high
                } else if let low = exercise.reps {
                    fail(maxPath, "must be greater than reps (\(low)), got \(high)")
                } else {
                    fail(maxPath, "needs \"reps\" as the lower end of the range")
                }
            }
        }
        if let amrapValue = value["amrap"] {
            if let flag = amrapValue.boolValue {
                if flag, exercise.reps != nil {
                    fail(path.key("amrap"), "give a rep target or amrap, not both")
                } else if !flag {
                    warn(path.key("amrap"), "false is the default; ignored")
                }
                exercise.amrap = exercise.amrap || flag
            } else {
                fail(path.key("amrap"), "must be true or false, got \(amrapValue.jsonText)")
            }
        }
        if let durationValue = value["durationSeconds"] {
            let durationPath = path.key("durationSeconds")
            if let seconds = readSeconds(durationValue, path: durationPath, range: PlanLimits.durationSeconds) {
                if exercise.durationSeconds != nil || exercise.reps != nil || exercise.amrap {
                    fail(durationPath, "give reps or durationSeconds, not both")
                } else {
                    exercise.durationSeconds = seconds
                }
            }
        }
        if let seconds = exercise.durationSeconds, !PlanLimits.durationSeconds.contains(seconds), value["durationSeconds"] == nil {
            fail(repsPath, "a duration must be from \(PlanLimits.durationSeconds.lowerBound) to \(PlanLimits.durationSeconds.upperBound) seconds, got \(seconds)")
        }
    }

    mutating func readReps(_ value: JSONValue, path: JSONPath) -> Quantity.Reps? {
        if case .number = value {
            return readInteger(value, path: path, range: PlanLimits.reps).map(Quantity.Reps.count)
        }
        guard let text = value.stringValue, let reps = Quantity.reps(text) else {
            fail(path, "must be a number of reps, a range like \"8-12\", \"AMRAP\" or a duration like \"30s\", got \(value.jsonText)")
            return nil
        }
        let range = PlanLimits.reps
        switch reps {
        case .count(let count):
            guard range.contains(count) else { failRange(path, range, got: value); return nil }
            warn(path, "number given as a string")
        case .range(let low, let high):
            guard range.contains(low), range.contains(high), low < high else {
                fail(path, "a rep range needs two whole numbers from \(range.lowerBound) to \(range.upperBound), low before high, got \(value.jsonText)")
                return nil
            }
            warn(path, "range \(value.jsonText) read as reps \(low), repsMax \(high)")
        case .amrap:
            warn(path, "\(value.jsonText) read as amrap: as many reps as possible, no rep target")
        case .duration(let seconds):
            warn(path, "\(value.jsonText) read as durationSeconds \(seconds)")
        }
        return reps
    }

    /// `weightKg` (kg, a number or text with an optional unit) or `weight` (text that must
    /// carry a unit); both at once is a contradiction.
    mutating func readWeight(_ value: JSONValue, path: JSONPath) -> Double? {
        let kgValue = value["weightKg"]
        let unitValue = value["weight"]
        if kgValue != nil, unitValue != nil {
            fail(path.key("weight"), "give weightKg or weight, not both")
            return nil
        }
        if let kgValue { return readKilograms(kgValue, path: path.key("weightKg"), unitRequired: false) }
        if let unitValue { return readKilograms(unitValue, path: path.key("weight"), unitRequired: true) }
        return nil
    }

    mutating func readWarmup(_ value: JSONValue?, path: JSONPath) -> [WarmupItem] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else {
            fail(path, "must be an array of warm-up items, got \(value.typeDescription)")
            return []
        }
        var warmup: [WarmupItem] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            if case .string = item {
                guard let name = readRequiredName(item, path: itemPath) else { continue }
                warn(itemPath, "name only: read as {\"name\": \(JSONValue.string(name).jsonText)}")
                warmup.append(WarmupItem(name: name))
                continue
            }
            guard let pairs = item.objectPairs else {
                fail(itemPath, "a warm-up item must be an object or a name, got \(item.typeDescription)")
                continue
            }
            for pair in pairs where !["name", "reps", "durationSeconds", "description"].contains(pair.key) {
                warn(itemPath.key(pair.key), "unknown key ignored")
            }
            var exercise = PlannedExercise(name: "", sets: 1)
            readTarget(item, path: itemPath, into: &exercise)
            if exercise.repsMax != nil || exercise.amrap {
                fail(itemPath.key("reps"), "a warm-up item takes a single rep count or a duration")
            }
            let description = readDescription(item["description"], path: itemPath.key("description"))
            guard let nameValue = item["name"] else {
                fail(itemPath.key("name"), "a warm-up item needs a name")
                continue
            }
            guard let name = readRequiredName(nameValue, path: itemPath.key("name")) else { continue }
            warmup.append(WarmupItem(name: name, reps: exercise.reps, durationSeconds: exercise.durationSeconds, description: description))
        }
        return warmup
    }

    /// Keeps the first `count` exercises and pads with fillers whose names the day does
    /// not already use.
    mutating func fit(_ exercises: [PlannedExercise], count: Int, path: JSONPath) -> [PlannedExercise] {
        var fitted = Array(exercises.prefix(count))
        if exercises.count > count {
            warn(path, "kept the first \(count) of \(exercises.count) exercises (exercisesPerDay \(count))")
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
            warn(path.index(fitted.count), "padded with \"\(name)\" (exercisesPerDay \(count))")
            fitted.append(PlannedExercise(name: name, sets: 2, durationSeconds: 30))
        }
        return fitted
    }
}

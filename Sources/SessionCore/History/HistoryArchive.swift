import JSON

/// What a restore needs besides the workouts, as sessiond's JSON export holds it: the
/// plans (their text as imported, so they are read again as they were), which plan
/// covered each day, the health samples, the profile, the aliases and the exercises of
/// one's own given muscles. Times are RFC
/// 3339 with the daemon's offset, so a restore in any zone lands on the same instants.
public struct HistoryArchive: Sendable, Equatable {
    public var profile: Profile?
    public var aliases: [ArchivedAlias] = []
    /// Exercises of one's own given equipment and muscles, by name.
    public var exercises: [CustomExercise] = []
    /// The rests of one's own (`exercise.rest`), by exercise.
    public var rests: [ArchivedRest] = []
    /// Oldest first (by id).
    public var plans: [ArchivedPlan] = []
    public var coverage: [ArchivedCoverage] = []
    public var health: [ArchivedHealthSample] = []

    public init(profile: Profile? = nil, aliases: [ArchivedAlias] = [], exercises: [CustomExercise] = [], rests: [ArchivedRest] = [],
                plans: [ArchivedPlan] = [], coverage: [ArchivedCoverage] = [], health: [ArchivedHealthSample] = []) {
        self.profile = profile
        self.aliases = aliases
        self.exercises = exercises
        self.rests = rests
        self.plans = plans
        self.coverage = coverage
        self.health = health
    }

    public var isEmpty: Bool { profile == nil && aliases.isEmpty && exercises.isEmpty && rests.isEmpty && plans.isEmpty && coverage.isEmpty && health.isEmpty }

    /// `other`'s parts after these (the chunks of one import).
    public mutating func append(_ other: HistoryArchive) {
        profile = other.profile ?? profile
        aliases += other.aliases
        exercises += other.exercises
        rests += other.rests
        plans += other.plans
        coverage += other.coverage
        health += other.health
    }
}

extension HistoryArchive: JSONObjectEncodable {
    /// Every part, empty ones too (`profile` null when not given).
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("profile", profile)
        writer.key("aliases")
        writer.array { for item in aliases { $0.value(item) } }
        writer.key("exercises")
        writer.array { for item in exercises { $0.value(item) } }
        writer.key("rests")
        writer.array { for item in rests { $0.value(item) } }
        writer.key("plans")
        writer.array { for item in plans { $0.value(item) } }
        writer.key("coverage")
        writer.array { for item in coverage { $0.value(item) } }
        writer.key("health")
        writer.array { for item in health { $0.value(item) } }
    }

    /// Reads the parts present (a part left out is empty).
    public init(reader: JSONReader) throws(JSONReadError) {
        self.init(profile: try reader.optionalObject("profile").map { reader throws(JSONReadError) in try Profile(reader: reader) })
        func items<Item>(_ key: String, _ read: (JSONReader) throws(JSONReadError) -> Item) throws(JSONReadError) -> [Item] {
            guard try reader.optionalArray(key) else { return [] }
            var items: [Item] = []
            for item in try reader.objects(key) { items.append(try read(item)) }
            return items
        }
        aliases = try items("aliases") { reader throws(JSONReadError) in try ArchivedAlias(reader: reader) }
        exercises = try items("exercises") { reader throws(JSONReadError) in try CustomExercise(reader: reader) }
        rests = try items("rests") { reader throws(JSONReadError) in try ArchivedRest(reader: reader) }
        plans = try items("plans") { reader throws(JSONReadError) in try ArchivedPlan(reader: reader) }
        coverage = try items("coverage") { reader throws(JSONReadError) in try ArchivedCoverage(reader: reader) }
        health = try items("health") { reader throws(JSONReadError) in try ArchivedHealthSample(reader: reader) }
    }
}

/// A stored plan: its id (which coverage and sessions name), how it was imported, the
/// plan as stored (normalised: read again through the importer, it gives the same plan
/// with no warnings, whatever options it was imported with) and the text it came from.
public struct ArchivedPlan: Sendable, Equatable, JSONObjectEncodable {
    public let planID: Int64
    /// RFC 3339.
    public let importedAt: String
    public let active: Bool
    public let revises: Int64?
    /// The normalised plan (`Plan`'s own JSON), checked again when restored.
    public let plan: JSONValue
    /// The text as received, kept for audit.
    public let source: String

    public init(planID: Int64, importedAt: String, active: Bool, revises: Int64?, plan: JSONValue, source: String) {
        self.planID = planID
        self.importedAt = importedAt
        self.active = active
        self.revises = revises
        self.plan = plan
        self.source = source
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("planId", planID)
        writer.member("importedAt", importedAt)
        writer.member("active", active)
        writer.member("revises", revises)
        writer.member("plan", plan)
        writer.member("source", source)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        try self.init(planID: reader.id("planId"), importedAt: reader.timestamp("importedAt"), active: reader.bool("active"),
                      revises: reader.optionalID("revises"), plan: Self.planObject(reader), source: reader.string("source"))
    }

    /// The "plan" member, an object.
    private static func planObject(_ reader: JSONReader) throws(JSONReadError) -> JSONValue {
        guard let plan = reader.raw("plan"), plan.objectPairs != nil else { throw JSONReadError(path: reader.path + ".plan", expected: "a plan object") }
        return plan
    }
}

/// The plan that covered a day, as kept when the plans changed.
public struct ArchivedCoverage: Sendable, Equatable, JSONObjectEncodable {
    public let date: LocalDate
    public let planID: Int64
    public let carriedOver: Bool

    public init(date: LocalDate, planID: Int64, carriedOver: Bool) {
        self.date = date
        self.planID = planID
        self.carriedOver = carriedOver
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("date", date.description)
        writer.member("planId", planID)
        writer.member("carriedOver", carriedOver)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        try self.init(date: reader.date("date"), planID: reader.id("planId"), carriedOver: reader.bool("carriedOver"))
    }
}

/// A health sample as recorded.
public struct ArchivedHealthSample: Sendable, Equatable, JSONObjectEncodable {
    public let type: HealthType
    public let value: Double
    public let date: LocalDate
    /// RFC 3339.
    public let recordedAt: String
    public let source: String?

    public init(type: HealthType, value: Double, date: LocalDate, recordedAt: String, source: String?) {
        self.type = type
        self.value = value
        self.date = date
        self.recordedAt = recordedAt
        self.source = source
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("type", type.rawValue)
        writer.member("value", value)
        writer.member("date", date.description)
        writer.member("recordedAt", recordedAt)
        writer.member("source", source)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        guard let type = HealthType(rawValue: try reader.string("type")) else {
            throw JSONReadError(path: reader.path + ".type", expected: "one of " + HealthType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let value = try reader.number("value")
        guard type.bounds.contains(value) else {
            throw JSONReadError(path: reader.path + ".value", expected: "from \(type.bounds.lowerBound) to \(type.bounds.upperBound)")
        }
        try self.init(type: type, value: value, date: reader.date("date"), recordedAt: reader.timestamp("recordedAt"),
                      source: reader.text("source", 100))
    }
}

/// An alias and the exercise it names.
public struct ArchivedAlias: Sendable, Equatable, JSONObjectEncodable {
    public let alias: String
    public let name: String

    public init(alias: String, name: String) {
        self.alias = alias
        self.name = name
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("alias", alias)
        writer.member("name", name)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        guard let alias = try reader.text("alias", SessionLimits.exerciseNameLength),
            let name = try reader.text("name", SessionLimits.exerciseNameLength)
        else { throw JSONReadError(path: reader.path, expected: "an alias and the exercise name it stands for") }
        self.init(alias: alias, name: name)
    }
}

/// A rest of one's own: the exercise (its key) and the seconds after each set.
public struct ArchivedRest: Sendable, Equatable, JSONObjectEncodable {
    public let exerciseKey: String
    public let seconds: Int

    public init(exerciseKey: String, seconds: Int) {
        self.exerciseKey = exerciseKey
        self.seconds = seconds
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("exerciseKey", exerciseKey)
        writer.member("seconds", seconds)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        guard let key = try reader.text("exerciseKey", SessionLimits.exerciseNameLength), !key.isEmpty else {
            throw JSONReadError(path: reader.path + ".exerciseKey", expected: "an exercise key")
        }
        let seconds = try reader.int("seconds")
        guard (0...RestRule.longestSeconds).contains(seconds) else {
            throw JSONReadError(path: reader.path + ".seconds", expected: "seconds from 0 to \(RestRule.longestSeconds)")
        }
        self.init(exerciseKey: key, seconds: seconds)
    }
}

/// An exercise of one's own as the archive holds it: `name`, `equipment` (or null),
/// `primaryMuscles`, `secondaryMuscles`, `countsBodyMass`.
extension CustomExercise: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("name", name)
        writer.member("equipment", equipment?.rawValue)
        writer.key("primaryMuscles")
        writer.array { for muscle in primary { $0.value(muscle.rawValue) } }
        writer.key("secondaryMuscles")
        writer.array { for muscle in secondary { $0.value(muscle.rawValue) } }
        writer.member("countsBodyMass", countsBodyMass)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        func muscles(_ key: String) throws(JSONReadError) -> [MuscleGroup] {
            let names = try reader.strings(key)
            let muscles = names.compactMap(MuscleGroup.init(rawValue:))
            guard muscles.count == names.count else { throw JSONReadError(path: reader.path + "." + key, expected: "muscle groups as the catalog names them") }
            return muscles
        }
        guard let name = try reader.text("name", SessionLimits.exerciseNameLength) else {
            throw JSONReadError(path: reader.path + ".name", expected: "the exercise's name")
        }
        let equipment = try reader.optionalString("equipment")
        guard equipment.map({ Equipment(rawValue: $0) != nil }) ?? true else {
            throw JSONReadError(path: reader.path + ".equipment", expected: Equipment.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let primary = try muscles("primaryMuscles")
        guard !primary.isEmpty else { throw JSONReadError(path: reader.path + ".primaryMuscles", expected: "at least one muscle group") }
        self.init(name: name, equipment: equipment.flatMap(Equipment.init(rawValue:)), primary: primary, secondary: try muscles("secondaryMuscles"),
                  countsBodyMass: try reader.bool("countsBodyMass"))
    }
}

extension Profile: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("goals", goals)
        writer.key("equipment")
        writer.array { for item in equipment { $0.value(item) } }
        writer.key("weightsKg")
        writer.array { for weight in weightsKg { $0.value(weight) } }
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        let weights = try reader.numbers("weightsKg")
        guard weights.allSatisfy(Profile.Limits.weightKg.contains) else {
            throw JSONReadError(path: reader.path + ".weightsKg", expected: "weights from 0 to 500 kg")
        }
        self.init(goals: try reader.optionalString("goals") ?? "", equipment: try reader.strings("equipment"), weightsKg: weights)
    }
}

/// The plan day a session trained, named by its plan and weekday.
public struct PlanDayReference: Sendable, Equatable, JSONObjectEncodable {
    public let planID: Int64
    public let weekday: Weekday
    /// The plan was carried over to the session's week.
    public let carriedOver: Bool

    public init(planID: Int64, weekday: Weekday, carriedOver: Bool) {
        self.planID = planID
        self.weekday = weekday
        self.carriedOver = carriedOver
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("planId", planID)
        writer.member("weekday", weekday.rawValue)
        writer.member("carriedOver", carriedOver)
    }

    public init(reader: JSONReader) throws(JSONReadError) {
        guard let weekday = Weekday(rawValue: try reader.int("weekday")) else {
            throw JSONReadError(path: reader.path + ".weekday", expected: "1 (Monday) to 7 (Sunday)")
        }
        try self.init(planID: reader.id("planId"), weekday: weekday, carriedOver: reader.bool("carriedOver"))
    }
}

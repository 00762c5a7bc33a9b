import JSON
import SessionCore

/// What a restore needs besides the workouts, as sessiond's JSON export holds it: the
/// plans (their text as imported, so they are read again as they were), the plan events
/// the plan calendar is derived from, the health samples, the profile, the aliases and the exercises of
/// one's own given muscles. Times are RFC
/// 3339 with the daemon's offset, so a restore in any zone lands on the same instants.
/// Every part is written, empty ones too (`profile` null when not given); read, a part
/// left out is empty.
@Coded
public struct HistoryArchive: Sendable, Equatable, CodedObject {
    public var profile: Profile?
    @Member(.parts) public var aliases: [ArchivedAlias] = []
    /// Exercises of one's own given equipment and muscles, by name.
    @Member(.parts) public var exercises: [CustomExercise] = []
    /// The rests of one's own (`exercise.rest`), by exercise.
    @Member(.parts) public var rests: [ArchivedRest] = []
    /// Oldest first (by id).
    @Member(.parts) public var plans: [ArchivedPlan] = []
    /// Activations and one-off moves, in the order they happened. An archive written
    /// before events were kept has none (its `coverage` is not read): each plan then
    /// counts as activated when it was imported.
    @Member(.parts) public var events: [ArchivedPlanEvent] = []
    @Member(.parts) public var health: [ArchivedHealthSample] = []

    public init() {}

    public var isEmpty: Bool { profile == nil && aliases.isEmpty && exercises.isEmpty && rests.isEmpty && plans.isEmpty && events.isEmpty && health.isEmpty }

    /// `other`'s parts after these (the chunks of one import).
    public mutating func append(_ other: HistoryArchive) {
        profile = other.profile ?? profile
        aliases += other.aliases
        exercises += other.exercises
        rests += other.rests
        plans += other.plans
        events += other.events
        health += other.health
    }
}

extension HistoryArchive {
    /// The parts that are arrays, by their keys in an export: read an item at a time
    /// (`append(item:of:path:)`).
    public static let itemKeys: Set<String> = ["aliases", "exercises", "rests", "plans", "events", "health"]

    /// Reads one item of the part `key` (an archive's array, read an item at a time)
    /// and keeps it after those read; `path` names it in errors. A key that is not an
    /// array part is passed over.
    public mutating func append(item: JSONValue, of key: String, path: String) throws(JSONReadError) {
        let reader = try JSONReader(item, path: path)
        switch key {
        case "aliases": aliases.append(try ArchivedAlias(reader: reader))
        case "exercises": exercises.append(try CustomExercise(reader: reader))
        case "rests": rests.append(try ArchivedRest(reader: reader))
        case "plans": plans.append(try ArchivedPlan(reader: reader))
        case "events": events.append(try ArchivedPlanEvent(reader: reader))
        case "health": health.append(try ArchivedHealthSample(reader: reader))
        default: break
        }
    }
}

/// A stored plan: its id (which plan events and sessions name), how it was imported, the
/// plan as stored (normalised: read again through the importer, it gives the same plan
/// with no warnings, whatever options it was imported with) and the text it came from.
@Coded
public struct ArchivedPlan: Sendable, Equatable, CodedObject {
    public var planID: Int64 = 0
    /// RFC 3339.
    @Member(.timestamp) public var importedAt = ""
    public var active = false
    public var revises: Int64?
    /// The normalised plan (`Plan`'s own JSON), checked again when restored.
    public var plan: JSONValue = .obj([:])
    /// The text as received, kept for audit.
    public var source = ""
}

/// A plan event as archived: an activation or a one-off move of two dates' days
/// (`PlanCalendar.Event`), with its time.
public struct ArchivedPlanEvent: Sendable, Equatable, CodedObject {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        case activate, move
    }

    /// RFC 3339.
    public var at = ""
    /// The day it happened on, in the zone of the daemon it happened in (for an
    /// activation, the day it governs from: the next when that day was trained, as
    /// `PlanCalendar.activationDate` has it); absent in archives written before events
    /// kept it (a restore dates those by its own zone).
    public var date: LocalDate?
    public var kind = Kind.activate
    public var planID: Int64 = 0
    /// A move: the two dates whose days swapped.
    public var from: LocalDate?
    public var to: LocalDate?

    public init() {}

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.timestamp("at", &at)
        try coder.omitted("date", &date)
        try coder.choice("kind", &kind)
        try coder.id("planId", &planID)
        try coder.omitted("from", &from)
        try coder.omitted("to", &to)
        try coder.check((kind == .move) == (from != nil && to != nil), "from", "and to are given for a move, and only for a move")
        if let from, let to { try coder.check(PlanCalendar.isValidMove(from: from, to: to, madeOn: min(from, to)), "to", "a different date of from's week") }
    }
}

/// A health sample as recorded.
public struct ArchivedHealthSample: Sendable, Equatable, CodedObject {
    public var type = HealthType.steps
    public var value = 0.0
    public var date = LocalDate(daysSinceEpoch: 0)
    /// RFC 3339.
    public var recordedAt = ""
    public var source: String?

    public init() {}

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.choice("type", &type)
        try coder.number("value", &value)
        try coder.check(type.bounds.contains(value), "value", "from \(type.bounds.lowerBound) to \(type.bounds.upperBound)")
        try coder.date("date", &date)
        try coder.timestamp("recordedAt", &recordedAt)
        try coder.text("source", &source, maxLength: 100)
    }
}

/// An alias and the exercise it names.
@Coded
public struct ArchivedAlias: Sendable, Equatable, CodedObject {
    @Member(.text, maxLength: SessionLimits.exerciseNameLength) public var alias = ""
    @Member(.text, maxLength: SessionLimits.exerciseNameLength) public var name = ""
}

/// A rest of one's own: the exercise (its key) and the seconds after each set.
@Coded
public struct ArchivedRest: Sendable, Equatable, CodedObject {
    @Member(.text, maxLength: SessionLimits.exerciseNameLength) public var exerciseKey = ""
    @Member(.int, in: 0...RestRule.longestSeconds) public var seconds = 0
}

/// An exercise of one's own as the archive holds it: `name`, `equipment` (or null),
/// `primaryMuscles` (at least one), `secondaryMuscles`, `countsBodyMass`.
extension CustomExercise: CodedObject {
    public init() { self.init(name: "", equipment: nil, primary: [], secondary: [], countsBodyMass: false) }

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.text("name", &name, maxLength: SessionLimits.exerciseNameLength)
        try coder.choice("equipment", &equipment)
        try coder.choices("primaryMuscles", &primary)
        try coder.check(!primary.isEmpty, "primaryMuscles", "at least one muscle group")
        try coder.choices("secondaryMuscles", &secondary)
        try coder.bool("countsBodyMass", &countsBodyMass)
    }
}

/// A plan day reference's members: the plan's id, the weekday as its ISO number.
extension PlanDayReference: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.id("planId", &planID)
        // 1 (Monday) to 7 (Sunday).
        var day = weekday.rawValue
        try coder.int("weekday", &day, in: 1...7)
        weekday = Weekday(rawValue: day) ?? weekday
        try coder.bool("carriedOver", &carriedOver)
    }
}

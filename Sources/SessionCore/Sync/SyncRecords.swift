import JSON

/// The kinds of record a device shares with its others through the change feed.
public enum SyncEntity: String, Sendable, CaseIterable {
    case session
    case set
    case health
    /// The settings (`SyncSettings.swift`).
    case profile
    case alias
    case exercise
    case rest
}

/// A session as another device stores it: every column but the local ids, which each
/// device gives itself (its sets name it by its `uid`, `SyncedSet.sessionUID`).
public struct SyncedSession: CodedObject, Equatable {
    public var date = LocalDate(daysSinceEpoch: 0)
    public var title = ""
    public var carriedOver = false
    public var startedAtMs = 0
    public var endedAtMs: Int?
    public var pausedSinceMs: Int?
    public var pausedTotalMs = 0
    public var rpe: Double?
    public var note: String?
    /// Where an imported session came from (`strong`, `hevy`, …); nil: tracked.
    public var source: String?
    /// An imported session's start and title key, which keeps it from being imported twice.
    public var importKey: String?
    public var averageHeartRate: Int?
    public var maximumHeartRate: Int?
    public var energyKcal: Double?

    public init() {}

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.date("date", &date)
        try coder.string("title", &title)
        try coder.bool("carriedOver", &carriedOver)
        try coder.int("startedAtMs", &startedAtMs)
        try coder.int("endedAtMs", &endedAtMs)
        try coder.int("pausedSinceMs", &pausedSinceMs)
        try coder.int("pausedTotalMs", &pausedTotalMs)
        try coder.number("rpe", &rpe, in: 1...10)
        try coder.string("note", &note)
        try coder.string("source", &source)
        try coder.string("importKey", &importKey)
        try coder.int("averageHeartRate", &averageHeartRate)
        try coder.int("maximumHeartRate", &maximumHeartRate)
        try coder.number("energyKcal", &energyKcal)
        try coder.check(title.count <= SyncChange.maximumTextLength && (note?.count ?? 0) <= SyncChange.maximumTextLength,
                        "title", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// A set as another device stores it, numbered and estimated as that device decided.
public struct SyncedSet: CodedObject, Equatable {
    /// The session it belongs to, by its `uid`.
    public var sessionUID = ""
    public var exerciseName = ""
    /// The key its exercise's history is kept under.
    public var exerciseKey = ""
    public var setNumber = 1
    public var progressSets = 0
    public var kind = SetKind.normal
    public var reps: Int?
    public var weightKg: Double?
    public var durationSeconds: Int?
    public var rpe: Double?
    public var note: String?
    /// The Epley estimate of a counted set.
    public var e1rmKg: Double?
    /// The weight of a counted set with reps, for the records.
    public var recordWeightKg: Double?
    public var loggedAtMs = 0
    /// The records it beat when it was logged, comma-separated.
    public var personalRecord: String?
    public var distanceM: Double?
    public var superset: String?

    public init() {}

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("sessionUid", &sessionUID)
        try coder.check(SyncChange.isUID(sessionUID), "sessionUid", "32 lowercase hexadecimal digits")
        try coder.string("exerciseName", &exerciseName)
        try coder.string("exerciseKey", &exerciseKey)
        try coder.check(!exerciseKey.isEmpty && exerciseKey.count <= SyncChange.maximumTextLength, "exerciseKey", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.int("setNumber", &setNumber)
        try coder.int("progressSets", &progressSets)
        try coder.choice("kind", &kind)
        try coder.int("reps", &reps)
        try coder.number("weightKg", &weightKg)
        try coder.int("durationSeconds", &durationSeconds)
        try coder.number("rpe", &rpe, in: 1...10)
        try coder.string("note", &note)
        try coder.number("e1rmKg", &e1rmKg)
        try coder.number("recordWeightKg", &recordWeightKg)
        try coder.int("loggedAtMs", &loggedAtMs)
        try coder.string("personalRecord", &personalRecord)
        try coder.number("distanceM", &distanceM)
        try coder.string("superset", &superset)
        try coder.check(exerciseName.count <= SyncChange.maximumTextLength && (note?.count ?? 0) <= SyncChange.maximumTextLength,
                        "exerciseName", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// A health sample as another device stores it.
public struct SyncedHealthSample: CodedObject, Equatable {
    /// `HealthType`'s raw value (`steps`, `bodyMassKg`, …).
    public var type = ""
    public var value = 0.0
    /// The day it is for, YYYY-MM-DD.
    public var date = ""
    public var recordedAtMs = 0
    /// Where it came from (a watch, an export), nil when recorded by hand.
    public var source: String?

    public init() {}

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("type", &type)
        try coder.check(HealthType(rawValue: type) != nil, "type", "one of \(HealthType.allCases.map(\.rawValue).joined(separator: ", "))")
        try coder.number("value", &value)
        try coder.date("date", &date)
        try coder.int("recordedAtMs", &recordedAtMs)
        try coder.string("source", &source)
        try coder.check((source?.count ?? 0) <= SyncChange.maximumTextLength, "source", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// One record's change as the feed hands it out and another device applies it: the
/// record's state (`session`, `set`, `health` or a setting's, as its `entity` says) or, `deleted`, its
/// tombstone, stamped with the hybrid clock's reading of the change (`hlc`).
public struct SyncChange: CodedObject, Equatable {
    /// Text members of a record, at most (a note, a title).
    public static let maximumTextLength = 10_000

    public var entity = SyncEntity.session
    /// The record's id on every device: 32 lowercase hexadecimal digits (docs/sync.md).
    public var uid = ""
    /// `HybridTimestamp.text` of the change.
    public var hlc = ""
    public var deleted = false
    public var session: SyncedSession?
    public var set: SyncedSet?
    public var health: SyncedHealthSample?
    public var profile: Profile?
    public var alias: SyncedAlias?
    public var exercise: SyncedExercise?
    public var rest: SyncedRest?

    public init() {}

    /// A record's state.
    public init(uid: String, hlc: HybridTimestamp, session: SyncedSession) {
        (entity, self.uid, self.hlc, self.session) = (.session, uid, hlc.text, session)
    }

    /// A set's state.
    public init(uid: String, hlc: HybridTimestamp, set: SyncedSet) {
        (entity, self.uid, self.hlc, self.set) = (.set, uid, hlc.text, set)
    }

    /// A health sample's state.
    public init(uid: String, hlc: HybridTimestamp, health: SyncedHealthSample) {
        (entity, self.uid, self.hlc, self.health) = (.health, uid, hlc.text, health)
    }

    /// A record's tombstone.
    public init(entity: SyncEntity, uid: String, hlc: HybridTimestamp) {
        (self.entity, self.uid, self.hlc, deleted) = (entity, uid, hlc.text, true)
    }

    /// The change's reading of the clock (`hlc` is checked when read).
    public var timestamp: HybridTimestamp? { HybridTimestamp(text: hlc) }

    /// True when the member its entity names holds the record's state.
    var hasState: Bool {
        switch entity {
        case .session: session != nil
        case .set: set != nil
        case .health: health != nil
        case .profile: profile != nil
        case .alias: alias != nil
        case .exercise: exercise != nil
        case .rest: rest != nil
        }
    }

    /// True for a record id: 32 lowercase hexadecimal digits.
    public static func isUID(_ text: String) -> Bool {
        text.utf8.count == 32 && HybridTimestamp.isDevice(text)
    }

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.choice("entity", &entity)
        try coder.string("uid", &uid)
        try coder.check(Self.isUID(uid), "uid", "32 lowercase hexadecimal digits")
        try coder.string("hlc", &hlc)
        try coder.check(HybridTimestamp(text: hlc) != nil, "hlc", "a hybrid clock reading (13 digits-10 digits-device)")
        try coder.bool("deleted", &deleted)
        try coder.object("session", &session)
        try coder.object("set", &set)
        try coder.object("health", &health)
        try coder.object("profile", &profile)
        try coder.object("alias", &alias)
        try coder.object("exercise", &exercise)
        try coder.object("rest", &rest)
        try coder.check(deleted || hasState, "session", "the \(entity.rawValue)'s state (or deleted: true)")
    }
}

extension SyncedAlias: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("alias", &alias)
        try coder.check(!alias.isEmpty && alias.count <= SyncChange.maximumTextLength, "alias", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.string("name", &name)
        try coder.check(!name.isEmpty && name.count <= SyncChange.maximumTextLength, "name", "a name of 1 to \(SyncChange.maximumTextLength) characters")
    }
}

extension SyncedExercise: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("name", &name)
        try coder.check(!name.isEmpty && name.count <= SyncChange.maximumTextLength, "name", "a name of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.string("equipment", &equipment)
        try coder.check(equipment.map { Equipment(rawValue: $0) != nil } ?? true, "equipment", "one of \(Equipment.allCases.map(\.rawValue).joined(separator: ", "))")
        try coder.strings("primaryMuscles", &primaryMuscles)
        try coder.strings("secondaryMuscles", &secondaryMuscles)
        try coder.check((primaryMuscles + secondaryMuscles).allSatisfy { MuscleGroup(rawValue: $0) != nil }, "primaryMuscles", "muscle groups")
        try coder.bool("countsBodyMass", &countsBodyMass)
    }
}

extension SyncedRest: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("exerciseKey", &exerciseKey)
        try coder.check(!exerciseKey.isEmpty && exerciseKey.count <= SyncChange.maximumTextLength, "exerciseKey", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.int("seconds", &seconds, in: 0...3600)
    }
}

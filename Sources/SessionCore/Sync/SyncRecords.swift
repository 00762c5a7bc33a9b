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
    /// A role (a coach) the athlete shares their records with (`sessionctl sync share`).
    case share
    /// A plan as imported, and an event of the plan calendar (`SyncPlans.swift`).
    case plan
    case planEvent
}

/// A session as another device stores it: every column but the local ids, which each
/// device gives itself (its sets name it by its `uid`, `SyncedSet.sessionUID`).
public struct SyncedSession: Sendable, Equatable, Blank {
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
    /// The reading (`HybridTimestamp.text`) of the change that gave the session its end
    /// or last edited it (its time, paused total, effort or note once ended): the end's
    /// own register (`ConvergenceRule.merge`). Nil while it runs; for an end no change is
    /// known to have given (from a build before ends were kept apart),
    /// `ConvergenceRule.unknownEnd` stands for it.
    public var endHlc: String?

    public init() {}
}

/// A set as another device stores it, numbered and estimated as that device decided.
public struct SyncedSet: Sendable, Equatable, Blank {
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
    /// The primary muscle groups of its exercise as the device that logged it knows them
    /// (the catalog's, or one's own exercise's), comma-separated: what a coach's view of
    /// sets per muscle reads. Derived: a device that applies the set ignores it.
    public var muscles: String?

    public init() {}
}

/// A health sample as another device stores it.
public struct SyncedHealthSample: Sendable, Equatable, Blank {
    /// `HealthType`'s raw value (`steps`, `bodyMassKg`, …).
    public var type = ""
    public var value = 0.0
    /// The day it is for, YYYY-MM-DD.
    public var date = ""
    public var recordedAtMs = 0
    /// Where it came from (a watch, an export), nil when recorded by hand.
    public var source: String?

    public init() {}
}

/// One record's change as the feed hands it out and another device applies it: the
/// record's state (`session`, `set`, `health` or a setting's, as its `entity` says) or, `deleted`, its
/// tombstone, stamped with the hybrid clock's reading of the change (`hlc`).
public struct SyncChange: Sendable, Equatable, Blank {
    /// Text members of a record, at most (a note, a title).
    public static let maximumTextLength = 10_000
    /// Records one feed position stands for, at most: an import's rows take one for each
    /// run of them, which a page of the feed never splits.
    public static let longestRun = 64

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
    public var share: SyncedShare?
    public var plan: SyncedPlan?
    public var planEvent: SyncedPlanEvent?

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
    public var hasState: Bool {
        switch entity {
        case .session: session != nil
        case .set: set != nil
        case .health: health != nil
        case .profile: profile != nil
        case .alias: alias != nil
        case .exercise: exercise != nil
        case .rest: rest != nil
        case .share: share != nil
        case .plan: plan != nil
        case .planEvent: planEvent != nil
        }
    }

    /// True for a record id: 32 lowercase hexadecimal digits.
    public static func isUID(_ text: String) -> Bool {
        text.utf8.count == 32 && HybridTimestamp.isDevice(text)
    }

    /// The record id a name gives, the same on every device: the name's 128-bit FNV-1a
    /// hash in 32 lowercase hexadecimal digits. A plan imported with a request id takes
    /// the id its request id and week give (`ChangeFeed.planUIDName`), so two devices
    /// that import one delivery store one record, which the feed then holds once.
    public static func uid(named name: String) -> String {
        var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        for byte in name.utf8 {
            hash ^= UInt128(byte)
            hash &*= 0x0000_0000_0100_0000_0000_0000_0000_013b
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 32 - digits.utf8.count) + digits
    }
}

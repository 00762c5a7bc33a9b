/// The person's settings another device shares: the profile, aliases, exercises of
/// one's own, rests of one's own and the roles their records are shared with. Each is
/// kept under a key (the profile under one), so a setting's uid is the key's
/// (`SettingUID`): two devices that set the same alias apart hold one record, and the
/// later setting wins. Unlike a set's, a setting's deletion is not final: set again
/// later, it is back (`ConvergenceRule.acceptsSetting`).
extension SyncEntity {
    /// True for the settings, kept by key rather than by row.
    public var isSetting: Bool {
        switch self {
        case .session, .set, .health, .plan, .planEvent: false
        case .profile, .alias, .exercise, .rest, .share: true
        }
    }
}

/// The uid of a setting: 128 bits of its entity and key, hashed (two 64-bit FNV-1a
/// hashes with different offsets), so every device gives the same setting the same uid.
public enum SettingUID {
    /// The uid of the setting `key` of `entity`, as 32 lowercase hexadecimal digits.
    public static func of(_ entity: SyncEntity, key: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in Array(entity.rawValue.utf8) + [0] + Array(key.utf8) {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// An alias as another device stores it: its key (`ohp`) and the exercise it names.
public struct SyncedAlias: Sendable, Equatable, Blank {
    /// The alias as an exercise key.
    public var alias = ""
    /// The exercise it names, as written.
    public var name = ""

    public init() {}
}

/// An exercise of one's own as another device stores it (`CustomExercise`).
public struct SyncedExercise: Sendable, Equatable, Blank {
    public var name = ""
    /// `Equipment`'s raw value, nil for none.
    public var equipment: String?
    /// `MuscleGroup` raw values.
    public var primaryMuscles: [String] = []
    public var secondaryMuscles: [String] = []
    public var countsBodyMass = false

    public init() {}
}

/// A rest of one's own as another device stores it: seconds after each set of the exercise.
public struct SyncedRest: Sendable, Equatable, Blank {
    public var exerciseKey = ""
    public var seconds = 0

    public init() {}
}

/// A role the athlete shares their records with, as another device stores it: every
/// device's `sessiond-sync` makes PostgreSQL's shares the ones it holds.
public struct SyncedShare: Sendable, Equatable, Blank {
    /// The PostgreSQL role (a coach).
    public var role = ""

    public init() {}
}

extension ConvergenceRule {
    /// True when a change to a setting replaces what is held: the later reading wins,
    /// a deletion as any other change (a setting deleted may be set again).
    public static func acceptsSetting(_ incoming: HybridTimestamp, over held: HybridTimestamp?) -> Bool {
        guard let held else { return true }
        return incoming > held
    }
}

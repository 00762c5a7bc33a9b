/// The tracker whose file a workout was read from: the name it keeps as its
/// source (`history.import`'s `source`). SessionFormats reads and writes the files.
public enum TrackerFormat: String, Sendable, CaseIterable {
    /// Strong's CSV (12 columns when written).
    case strong
    /// Hevy's CSV (14 columns).
    case hevy
    /// sessiond's own full-fidelity export (`{"format": "sessiond-history", "workouts": [...]}`).
    case json
    /// A watch's activity file in Garmin's FIT format.
    case fit
}

import JSON
import SessionCore

/// An object's members under the plan's own key names, whatever spelling the model
/// used (`weight_kg`, `rest`, `exercise_name`), each remembered with the key it was
/// given under so that warnings and errors name the key as written.
struct Fields {
    private var members: [String: (key: String, value: JSONValue)] = [:]

    subscript(_ canonical: String) -> JSONValue? { members[canonical]?.value }

    /// The path of a member under the key it was written with.
    func path(_ base: JSONPath, _ canonical: String) -> JSONPath { base.key(members[canonical]?.key ?? canonical) }

    /// The key as written, for messages.
    func written(_ canonical: String) -> String { members[canonical]?.key ?? canonical }

    mutating func set(_ canonical: String, key: String, value: JSONValue) { members[canonical] = (key, value) }

    func has(_ canonical: String) -> Bool { members[canonical] != nil }
}

extension PlanReader {
    /// Spellings of an exercise's keys, compared lowercased without `_`, `-` and spaces.
    static let exerciseKeys: [String: String] = [
        "name": "name", "exercise": "name", "exercisename": "name", "movement": "name", "lift": "name",
        "sets": "sets", "set": "sets", "numsets": "sets", "numberofsets": "sets", "setcount": "sets", "rounds": "sets",
        "reps": "reps", "rep": "reps", "repetitions": "reps", "reprange": "reps", "targetreps": "reps", "repsperset": "reps",
        "repsmax": "repsMax", "maxreps": "repsMax",
        "amrap": "amrap",
        "durationseconds": "durationSeconds", "duration": "durationSeconds", "durationsec": "durationSeconds", "time": "durationSeconds",
        "holdseconds": "durationSeconds", "hold": "durationSeconds", "seconds": "durationSeconds",
        "weightkg": "weightKg", "loadkg": "weightKg", "weight": "weight", "load": "weight",
        "weightlb": "weightLb", "weightlbs": "weightLb", "weightpounds": "weightLb", "loadlb": "weightLb",
        "restseconds": "restSeconds", "rest": "restSeconds", "restsec": "restSeconds", "resttime": "restSeconds",
        "restperiod": "restSeconds", "restbetweensets": "restSeconds",
        "description": "description", "notes": "notes", "note": "notes", "cues": "notes", "instructions": "notes", "tips": "notes",
        "rpe": "rpe", "targetrpe": "rpe", "rir": "rir", "tempo": "tempo",
        "superset": "superset", "supersetgroup": "superset", "supersetlabel": "superset",
        "setsreps": "scheme", "setsxreps": "scheme", "scheme": "scheme", "prescription": "scheme",
    ]

    /// Spellings of a day's keys.
    static let dayKeys: [String: String] = [
        "day": "day", "weekday": "day", "dayofweek": "day", "date": "date",
        "title": "title", "daytitle": "title", "name": "title", "focus": "title", "label": "title", "theme": "title", "dayname": "title",
        "rest": "rest", "restday": "rest", "isrest": "rest", "isrestday": "rest",
        "warmup": "warmup", "exercises": "exercises", "workout": "exercises", "movements": "exercises", "exerciselist": "exercises",
        "lifts": "exercises", "activities": "exercises", "routine": "exercises",
    ]

    /// Members a second spelling of which is only ignored (with a warning), not an
    /// error: a day's "focus" beside its "title", a plan's "name" beside "planName".
    static let looseKeys: Set<String> = ["title", "planName"]

    /// The lookup form of a key: lowercased, without `_`, `-` and spaces.
    static func folded(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Reads an object's members through `table`: a known spelling other than the plan's
    /// own is read with a warning, an unknown key is ignored with one, "None"/"N/A" is
    /// absent, and two keys for one member are an error.
    /// `recognised` names keys read by what their value is (a day's list of exercises
    /// under a name no table knows).
    mutating func fields(_ pairs: [(key: String, value: JSONValue)], path: JSONPath, table: [String: String], exact: [String],
                         recognised: [String: String] = [:]) -> Fields {
        var fields = Fields()
        for pair in pairs {
            let memberPath = path.key(pair.key)
            guard let canonical = recognised[pair.key] ?? table[Self.folded(pair.key)] ?? (exact.contains(pair.key) ? pair.key : nil) else {
                warn(memberPath, "unknown key ignored", .unknownKey)
                continue
            }
            if fields.has(canonical) {
                if Self.looseKeys.contains(canonical) {
                    warn(memberPath, "ignored: \"\(fields.written(canonical))\" gives the \(canonical)", .unknownKey)
                } else {
                    fail(memberPath, "\"\(fields.written(canonical))\" and \"\(pair.key)\" both give \(canonical); keep one")
                }
                continue
            }
            if case .string(let text) = pair.value, Prescription.isAbsent(text), !text.isEmpty {
                warn(memberPath, "\(pair.value.jsonText) read as absent", .absent)
                continue
            }
            if pair.key != canonical, !exact.contains(pair.key) {
                warn(memberPath, "read as \"\(canonical)\"", .keySpelling)
            }
            fields.set(canonical, key: pair.key, value: pair.value)
        }
        return fields
    }
}

import JSON

/// The summary as `summary.weekly` carries it (the prompt context is added by the
/// method's result). Figures are written rounded: kg and averages to 0.01,
/// adherence to 0.001, change to 0.0001; reading gives back the rounded values.
extension WeeklySummary: JSONObjectEncodable {
    /// `value` to `decimals` places.
    static func round(_ value: Double, _ decimals: Int = 2) -> Double {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        return (value * factor).rounded() / factor
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        func dates(_ key: StaticString, _ dates: [LocalDate]) {
            writer.key(key)
            writer.array { for date in dates { $0.value(date.description) } }
        }
        writer.member("weekStart", weekStart.description)
        writer.member("weekEnd", weekStart.adding(days: 6).description)
        dates("plannedDays", plannedDays)
        dates("dueDays", dueDays)
        dates("completedPlannedDays", completedPlannedDays)
        dates("missedDays", missedDays)
        writer.member("sessions", sessions)
        writer.member("adherence", adherence.map { Self.round($0, 3) })
        writer.member("sets", sets)
        writer.member("reps", reps)
        writer.member("volumeKg", Self.round(volumeKg))
        writer.member("activeMinutes", activeMinutes)
        writer.member("averageRpe", averageRPE.map { Self.round($0) })
        writer.member("hardSets", hardSets)
        writer.key("volumePerDayKg")
        writer.array { for value in volumePerDayKg { $0.value(Self.round(value)) } }
        writer.key("exercises")
        writer.array { for exercise in exercises { $0.object { Self.encode(exercise, to: &$0) } } }
        writer.key("skipped")
        writer.array {
            for item in skipped {
                $0.object {
                    $0.member("date", item.date.description)
                    $0.member("name", item.name)
                    $0.member("setsDone", item.setsDone)
                    $0.member("setsPlanned", item.setsPlanned)
                }
            }
        }
        writer.key("muscles")
        writer.array {
            for item in muscles {
                $0.object {
                    $0.member("muscle", item.muscle.rawValue)
                    $0.member("sets", item.sets)
                    $0.member("previousSets", item.previous)
                }
            }
        }
        writer.key("health")
        writer.array {
            for item in health {
                $0.object {
                    $0.member("type", item.type.rawValue)
                    $0.member("value", Self.round(item.value))
                    $0.member("samples", item.samples)
                    $0.member("aggregate", item.type.usesLatest ? "latest" : "average")
                    $0.member("previous", item.previous.map { Self.round($0) })
                    $0.member("change", item.change.map { Self.round($0) })
                }
            }
        }
    }

    private static func encode(_ exercise: ExerciseSummary, to writer: inout JSONWriter) {
        writer.member("name", exercise.name)
        writer.member("setsDone", exercise.setsDone)
        writer.member("setsPlanned", exercise.setsPlanned)
        writer.member("bestSet", exercise.bestSet)
        writer.member("measure", exercise.measure.rawValue)
        writer.member("best", exercise.best.map { round($0) })
        writer.member("previousBest", exercise.previousBest.map { round($0) })
        writer.member("change", exercise.change.map { round($0, 4) })
        writer.member("trend", exercise.trend.rawValue)
    }


    /// Reads the members `encodeMembers` writes.
    public init(reader: JSONReader) throws(JSONReadError) {
        func dates(_ key: String) throws(JSONReadError) -> [LocalDate] {
            let texts = try reader.strings(key)
            let dates = texts.compactMap(LocalDate.init)
            guard dates.count == texts.count else { throw JSONReadError(path: "result.\(key)", expected: "dates as YYYY-MM-DD") }
            return dates
        }
        var exercises: [ExerciseSummary] = []
        for item in try reader.objects("exercises") {
            let bestSet = try item.optionalObject("bestSet").map { (set: JSONReader) throws(JSONReadError) in
                SetFigures(reps: try set.optionalInt("reps"), weightKg: try set.optionalNumber("weightKg"), durationSeconds: try set.optionalInt("durationSeconds"))
            }
            guard let measure = ExerciseSummary.Measure(rawValue: try item.string("measure")),
                let trend = ExerciseSummary.Trend(rawValue: try item.string("trend"))
            else { throw JSONReadError(path: "result.exercises", expected: "a known measure and trend") }
            exercises.append(ExerciseSummary(
                name: try item.string("name"), setsDone: try item.int("setsDone"), setsPlanned: try item.int("setsPlanned"), bestSet: bestSet,
                measure: measure, best: try item.optionalNumber("best"), previousBest: try item.optionalNumber("previousBest"),
                change: try item.optionalNumber("change"), trend: trend))
        }
        var skipped: [SkippedExercise] = []
        for item in try reader.objects("skipped") {
            skipped.append(SkippedExercise(date: try item.date("date"), name: try item.string("name"), setsDone: try item.int("setsDone"),
                                           setsPlanned: try item.int("setsPlanned")))
        }
        var health: [HealthSummary] = []
        for item in try reader.objects("health") {
            guard let type = HealthType(rawValue: try item.string("type")) else {
                throw JSONReadError(path: "result.health", expected: "known health types")
            }
            health.append(HealthSummary(type: type, value: try item.number("value"), samples: try item.int("samples"), previous: try item.optionalNumber("previous")))
        }
        var muscles: [MuscleSets] = []
        for item in try reader.objects("muscles") {
            guard let muscle = MuscleGroup(rawValue: try item.string("muscle")) else {
                throw JSONReadError(path: "result.muscles", expected: "known muscle groups")
            }
            muscles.append(MuscleSets(muscle: muscle, sets: try item.number("sets"), previous: try item.number("previousSets")))
        }
        guard let perDay = reader.raw("volumePerDayKg")?.arrayValue?.compactMap(\.numberValue) else {
            throw JSONReadError(path: "result.volumePerDayKg", expected: "an array of numbers")
        }
        self.init(
                weekStart: try reader.date("weekStart"), plannedDays: try dates("plannedDays"), dueDays: try dates("dueDays"),
                completedPlannedDays: try dates("completedPlannedDays"), missedDays: try dates("missedDays"), sessions: try reader.int("sessions"),
                adherence: try reader.optionalNumber("adherence"), sets: try reader.int("sets"), reps: try reader.int("reps"),
                volumeKg: try reader.number("volumeKg"), activeMinutes: try reader.int("activeMinutes"),
                averageRPE: try reader.optionalNumber("averageRpe"), hardSets: try reader.int("hardSets"), exercises: exercises,
                skipped: skipped, health: health, volumePerDayKg: perDay, muscles: muscles)
    }
}

extension SetFigures: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("reps", reps)
        writer.member("weightKg", weightKg)
        writer.member("durationSeconds", durationSeconds)
    }
}

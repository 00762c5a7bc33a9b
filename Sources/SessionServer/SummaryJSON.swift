import SessionCore

/// JSON encodings of the summary types for `summary.weekly`.
enum SummaryJSON {
    static func round(_ value: Double, _ decimals: Int = 2) -> JSONValue {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        return .number((value * factor).rounded() / factor)
    }

    static func dates(_ dates: [LocalDate]) -> JSONValue { .array(dates.map { .string($0.description) }) }

    static func encode(_ summary: WeeklySummary, context: String) -> JSONValue {
        .obj([
            "weekStart": .string(summary.weekStart.description),
            "weekEnd": .string(summary.weekStart.adding(days: 6).description),
            "plannedDays": dates(summary.plannedDays),
            "dueDays": dates(summary.dueDays),
            "completedPlannedDays": dates(summary.completedPlannedDays),
            "missedDays": dates(summary.missedDays),
            "sessions": JSONValue(summary.sessions),
            "adherence": summary.adherence.map { round($0, 3) } ?? .null,
            "sets": JSONValue(summary.sets),
            "reps": JSONValue(summary.reps),
            "volumeKg": round(summary.volumeKg),
            "activeMinutes": JSONValue(summary.activeMinutes),
            "averageRpe": summary.averageRPE.map { round($0) } ?? .null,
            "hardSets": JSONValue(summary.hardSets),
            "volumePerDayKg": .array(summary.volumePerDayKg.map { round($0) }),
            "exercises": .array(summary.exercises.map(encode)),
            "skipped": .array(summary.skipped.map { item in
                .obj(["date": .string(item.date.description), "name": .string(item.name),
                      "setsDone": JSONValue(item.setsDone), "setsPlanned": JSONValue(item.setsPlanned)])
            }),
            "health": .array(summary.health.map { item in
                .obj([
                    "type": .string(item.type.rawValue), "value": round(item.value), "samples": JSONValue(item.samples),
                    "aggregate": .string(item.type.usesLatest ? "latest" : "average"),
                    "previous": item.previous.map { round($0) } ?? .null, "change": item.change.map { round($0) } ?? .null,
                ])
            }),
            "promptContext": .string(context),
        ])
    }

    static func encode(_ exercise: ExerciseSummary) -> JSONValue {
        .obj([
            "name": .string(exercise.name),
            "setsDone": JSONValue(exercise.setsDone),
            "setsPlanned": JSONValue(exercise.setsPlanned),
            "bestSet": exercise.bestSet.map { set in
                .obj(["reps": JSONValue(set.reps), "weightKg": JSONValue(set.weightKg), "durationSeconds": JSONValue(set.durationSeconds)])
            } ?? .null,
            "measure": .string(exercise.measure.rawValue),
            "best": exercise.best.map { round($0) } ?? .null,
            "previousBest": exercise.previousBest.map { round($0) } ?? .null,
            "change": exercise.change.map { round($0, 4) } ?? .null,
            "trend": .string(exercise.trend.rawValue),
        ])
    }
}

import SessionCore
import SessionRPC
import SessionStore

extension Methods {
    static let summary: [TrackerMethod] = [
        Method("summary.weekly", summary: "An ISO week's adherence, volume, per-exercise progress, effort and health, with promptContext for the next plan.",
               params: [ParamSpec("weekStart", schema: Schema.date, "any date of the week (default: the current week)")],
               result: Schema.object([
                   "weekStart": Schema.date, "weekEnd": Schema.date, "plannedDays": Schema.array(Schema.date), "dueDays": Schema.array(Schema.date),
                   "completedPlannedDays": Schema.array(Schema.date), "missedDays": Schema.array(Schema.date), "sessions": Schema.integer,
                   "adherence": Schema.nullable(Schema.number), "sets": Schema.integer, "reps": Schema.integer, "volumeKg": Schema.number,
                   "activeMinutes": Schema.integer, "averageRpe": Schema.nullable(Schema.number), "hardSets": Schema.integer,
                   "volumePerDayKg": Schema.array(Schema.number), "exercises": Schema.array(Schema.object), "skipped": Schema.array(Schema.object),
                   "health": Schema.array(Schema.object), "promptContext": Schema.string,
               ])) { params, tracker in
            let week = params.date("weekStart")
            try params.check()
            return Outcome(try tracker.weeklySummary(weekStart: week))
        },
        Method("health.record", summary: "Record a health sample: sleepHours, restingHeartRate, bodyMassKg or steps.",
               params: [
                ParamSpec("type", required: true, schema: Schema.oneOf(HealthType.allCases.map(\.rawValue)), "the kind of sample"),
                ParamSpec("value", required: true, schema: Schema.number, "within the type's plausible bounds"),
                ParamSpec("date", schema: Schema.date, "the day it belongs to (default: the day of time, or today)"),
                ParamSpec("time", schema: Schema.timestamp, "when it was measured (RFC 3339)"),
                ParamSpec("at", schema: Schema.timestamp, "alias of time"),
                ParamSpec("source", schema: Schema.string, "who pushed it, at most 60 characters"),
               ],
               result: Schema.object(["sampleId": Schema.integer, "type": Schema.string, "value": Schema.number, "date": Schema.date])) { params, tracker in
            let type = params.choice("type", HealthType.allCases.map(\.rawValue)).flatMap(HealthType.init(rawValue:))
            if !params.has("type") { params.fail("type", "is required; one of \(HealthType.allCases.map(\.rawValue).joined(separator: ", "))") }
            let bounds = type?.bounds ?? 0...Double.greatestFiniteMagnitude
            let value = params.number("value", in: bounds, required: true)
            let date = params.date("date")
            let atMs = (params.timestamp("time", notAfterMs: latest(tracker)) ?? params.timestamp("at", notAfterMs: latest(tracker)))?.ms
            let source = params.string("source", maxLength: 60) { $0.collapsingWhitespace() }
            try params.check()
            guard let type, let value else { throw RPCError.invalidParams(params.errors) }
            return Outcome(try tracker.recordHealth(type: type, value: value, date: date, atMs: atMs, source: source))
        },
        Method("profile.get", summary: "Goals, equipment and available weights, as the planner is told.",
               result: Schema.object(["goals": Schema.string, "equipment": Schema.array(Schema.string), "weightsKg": Schema.array(Schema.number)])) { _, tracker in
            Outcome(try tracker.profile())
        },
        Method("profile.set", summary: "Replace the profile's given fields.",
               params: [
                ParamSpec("goals", schema: Schema.string, "at most 300 characters"),
                ParamSpec("equipment", schema: Schema.array(Schema.string), "at most 12 items of at most 40 characters"),
                ParamSpec("weightsKg", schema: Schema.array(Schema.number), "at most 24 weights from 0 to 500 kg"),
               ],
               result: Schema.object(["goals": Schema.string, "equipment": Schema.array(Schema.string), "weightsKg": Schema.array(Schema.number)])) { params, tracker in
            let goals = params.string("goals", maxLength: Profile.Limits.goalsLength) { $0.collapsingWhitespace() }
            let equipment = params.strings("equipment", maxCount: Profile.Limits.equipmentCount, maxLength: Profile.Limits.equipmentLength)?
                .map { $0.collapsingWhitespace() }.filter { !$0.isEmpty }
            var weights: [Double]?
            if let raw = params.raw("weightsKg") {
                let values = raw.arrayValue?.compactMap(\.numberValue) ?? []
                if raw.arrayValue?.count != values.count || values.count > Profile.Limits.weightsCount || !values.allSatisfy(Profile.Limits.weightKg.contains) {
                    params.fail("weightsKg", "must be an array of at most \(Profile.Limits.weightsCount) numbers from 0 to 500")
                } else {
                    weights = values
                }
            }
            try params.check()
            return Outcome(try tracker.setProfile(goals: goals, equipment: equipment, weightsKg: weights))
        },
        Method("prompt.render", summary: "Next week's generation prompt: system and user messages, the plan schema, and token estimates.",
               params: [ParamSpec("goals", schema: Schema.string, "goals for this prompt instead of the profile's (at most 300 characters)"),
                        ParamSpec("weekStart", schema: Schema.date, "the week summarised (default: the current week)")],
               result: Schema.object(["system": Schema.string, "user": Schema.string, "schema": Schema.object, "estimatedTokens": Schema.integer,
                                      "schemaTokens": Schema.integer, "tokenBudget": Schema.integer])) { params, tracker in
            let goals = params.string("goals", maxLength: Profile.Limits.goalsLength)
            let week = params.date("weekStart")
            try params.check()
            return Outcome(try tracker.renderPrompt(goals: goals, weekStart: week))
        },
    ]
}

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
        TrackerMethod(HealthRecord.self) { params, tracker in Outcome(try tracker.recordHealth(params)) },
        TrackerMethod(ProfileGet.self) { _, tracker in Outcome(ProfileResult(try tracker.database.profile())) },
        TrackerMethod(ProfileSet.self) { params, tracker in Outcome(try tracker.setProfile(params)) },
        TrackerMethod(PromptRender.self) { params, tracker in Outcome(try tracker.renderPrompt(params)) },
    ]
}

import SessionCore
import SessionRPC
import SessionStore

extension Methods {
    static let summary: [TrackerMethod] = [
        TrackerMethod(SummaryWeekly.self) { params, tracker in Outcome(try tracker.weeklySummary(weekStart: params.weekStart)) },
        TrackerMethod(HealthRecord.self) { params, tracker in Outcome(try tracker.recordHealth(params)) },
        TrackerMethod(ProfileGet.self) { _, tracker in Outcome(ProfileResult(try tracker.database.profile())) },
        TrackerMethod(ProfileSet.self) { params, tracker in Outcome(try tracker.setProfile(params)) },
        TrackerMethod(PromptRender.self) { params, tracker in Outcome(try tracker.renderPrompt(params)) },
    ]
}

import SessionCore
import SessionRPC
import SessionStore

extension DaemonRoutes {
    static let summary: [DaemonRoute] = [
        DaemonRoute(SummaryWeekly.self) { params, service in Outcome(try service.weeklySummary(weekStart: params.weekStart)) },
        DaemonRoute(HealthRecord.self) { params, service in Outcome(try service.recordHealth(params)) },
        DaemonRoute(HealthImport.self) { params, service in Outcome(try service.importHealth(params)) },
        DaemonRoute(ProfileGet.self) { _, service in Outcome(ProfileResult(try service.database.profile.profile())) },
        DaemonRoute(ProfileSet.self) { params, service in Outcome(try service.setProfile(params)) },
        DaemonRoute(PromptRender.self) { params, service in Outcome(try service.renderPrompt(params)) },
        DaemonRoute(HistoryImport.self) { params, service in Outcome(try service.importHistory(params)) },
        DaemonRoute(HistoryExport.self) { params, service in Outcome(try service.exportHistory(params)) },
        DaemonRoute(HistoryArchiveGet.self) { params, service in Outcome(try service.archive(params)) },
        DaemonRoute(DatabaseBackup.self) { params, service in Outcome(try service.backup(params)) },
        DaemonRoute(ExerciseAliasSet.self) { params, service in try service.setAlias(params) },
        DaemonRoute(ExerciseAliases.self) { _, service in Outcome(try service.listAliases()) },
        DaemonRoute(ExerciseList.self) { params, service in Outcome(try service.listExercises(params)) },
        DaemonRoute(ExerciseGet.self) { params, service in Outcome(try service.exercise(params)) },
        DaemonRoute(ExerciseDefine.self) { params, service in Outcome(try service.defineExercise(params)) },
        DaemonRoute(ExerciseRest.self) { params, service in Outcome(try service.setExerciseRest(params)) },
        DaemonRoute(CalendarMonth.self) { params, service in Outcome(try service.calendarMonth(params)) },
        DaemonRoute(HealthList.self) { params, service in Outcome(try service.dailyHealth(params)) },
        DaemonRoute(ExerciseRests.self) { _, service in Outcome(ResultList(try service.exerciseRests())) },
        DaemonRoute(HistoryExercises.self) { params, service in Outcome(try service.loggedExercises(params)) },
        DaemonRoute(SessionGet.self) { params, service in Outcome(try service.sessionDetail(params)) },
        DaemonRoute(ExerciseHistoryGet.self) { params, service in Outcome(try service.exerciseHistory(params)) },
    ]
}

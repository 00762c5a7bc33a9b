import JSON
import SessionCore

// libFuzzer entry point for the daemon's request boundary: a request line as a client
// may send it, decoded by JSONRPC.decode and then by every method's params decoder
// (bounds, unknown names, nested objects such as an import's workouts) and every
// result reader sessionctl uses on a reply. Compiled into the SessionRPC module by
// `make fuzz` (see docs/development.md), with JSON, SessionCore and SessionSystem
// built with the same instrumentation. Any trap is a defect: bad input must become a
// -32602 naming the problem.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch JSONRPC.decode(line: bytes) {
    case .single(.success(let request)): decodeEveryContract(request.params)
    case .batch(let items):
        for case .success(let request) in items { decodeEveryContract(request.params) }
    default: break
    }
    if let value = try? JSONParser.parse(bytes: bytes) { readEveryResult(value) }
    return 0
}

let context = DecodingContext(nowMs: 1_764_000_000_000)

func decodeEveryContract(_ params: Params) {
    func decode<Contract: MethodContract>(_ contract: Contract.Type) {
        var copy = params
        _ = try? Contract.Params(from: &copy, method: Contract.name, context: context)
    }
    decode(SessionFinish.self); decode(HealthRecord.self); decode(DaemonStatus.self); decode(PlanList.self)
    decode(SessionAbort.self); decode(SessionEdit.self); decode(PlanActivate.self); decode(SessionResume.self)
    decode(ProfileGet.self); decode(SessionLog.self); decode(SummaryWeekly.self); decode(PlanImport.self)
    decode(ExerciseHistoryGet.self); decode(ExerciseAliasSet.self); decode(ExerciseAliases.self); decode(PlanAttempt.self)
    decode(PromptRender.self); decode(SessionCurrent.self); decode(SessionGet.self); decode(DatabaseBackup.self)
    decode(PlanGet.self); decode(SessionStart.self); decode(HistoryExercises.self); decode(ProfileSet.self)
    decode(HistoryExport.self); decode(SessionUndo.self); decode(HistoryImport.self); decode(SessionPause.self)
    decode(SessionEditSet.self); decode(EventsSubscribe.self); decode(SessionList.self); decode(PlanAttempts.self)
}

func readEveryResult(_ value: JSONValue) {
    func read<Contract: MethodContract>(_ contract: Contract.Type) { _ = try? Contract.Result(json: value) }
    read(SessionFinish.self); read(HealthRecord.self); read(DaemonStatus.self); read(PlanList.self)
    read(SessionAbort.self); read(SessionEdit.self); read(PlanActivate.self); read(SessionResume.self)
    read(ProfileGet.self); read(SessionLog.self); read(SummaryWeekly.self); read(PlanImport.self)
    read(ExerciseHistoryGet.self); read(ExerciseAliasSet.self); read(ExerciseAliases.self); read(PlanAttempt.self)
    read(PromptRender.self); read(SessionCurrent.self); read(SessionGet.self); read(DatabaseBackup.self)
    read(PlanGet.self); read(SessionStart.self); read(HistoryExercises.self); read(ProfileSet.self)
    read(HistoryExport.self); read(SessionUndo.self); read(HistoryImport.self); read(SessionPause.self)
    read(SessionEditSet.self); read(EventsSubscribe.self); read(SessionList.self); read(PlanAttempts.self)
}

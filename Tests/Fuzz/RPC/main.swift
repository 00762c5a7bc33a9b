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

/// Every method's contract: a new one is added here.
let contracts: [any MethodContract.Type] = [
    SessionFinish.self, HealthRecord.self, HealthImport.self, DaemonStatus.self, PlanList.self, SessionAbort.self, SessionEdit.self, PlanActivate.self,
    SessionResume.self, ProfileGet.self, SessionLog.self, SummaryWeekly.self, PlanImport.self, ExerciseHistoryGet.self,
    ExerciseAliasSet.self, ExerciseAliases.self, PlanAttempt.self, PromptRender.self, SessionCurrent.self, SessionGet.self,
    DatabaseBackup.self, PlanGet.self, SessionStart.self, HistoryExercises.self, ProfileSet.self, HistoryExport.self, SessionUndo.self,
    HistoryImport.self, SessionPause.self, SessionEditSet.self, EventsSubscribe.self, SessionList.self, PlanAttempts.self,
    PlanUsage.self,
]

func decodeEveryContract(_ params: Params) {
    func decode<Contract: MethodContract>(_ contract: Contract.Type) {
        var copy = params
        _ = try? Contract.Params(from: &copy, method: Contract.name, context: context)
    }
    for contract in contracts { decode(contract) }
}

func readEveryResult(_ value: JSONValue) {
    func read<Contract: MethodContract>(_ contract: Contract.Type) { _ = try? Contract.Result(json: value) }
    for contract in contracts { read(contract) }
}

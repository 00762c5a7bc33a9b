@testable import SessionCore
import Testing
import JSON

@testable import SessionRPC

/// Shared contracts: what the daemon writes, a client reads back unchanged, and
/// rpc.discover documents from the same types.
@Suite struct ContractTests {
    private func roundTrip<R: MethodResult>(_ result: R) throws -> R {
        try R(json: JSONParser.parse(bytes: result.jsonBytes))
    }

    private let snapshot = SessionSnapshot {
        $0.sessionID = 4
        $0.state = .paused
        $0.date = "2026-11-30"
        $0.title = "Legs"
        $0.planDayID = 9
        $0.carriedOver = true
        $0.startedAt = "2026-11-30T18:00:00+01:00"
        $0.endedAt = nil
        $0.durationSeconds = 1_234
        $0.sets = 5
        $0.volumeKg = 1_250.5
        $0.completion = 0.625
        $0.exercises = [
                .init {
                    $0.id = 31
                    $0.position = 1
                    $0.exercise = PlannedExercise(name: "Goblet Squat", sets: 3, reps: 10, weightKg: 24, restSeconds: 90)
                    $0.logged = 3
                },
                .init {
                    $0.id = 32
                    $0.position = 2
                    $0.exercise = PlannedExercise(name: "Plank", sets: 3, durationSeconds: 45, description: "brace")
                    $0.logged = 2
                },
            ]
        $0.offPlan = [.init { $0.name = "Curl"; $0.logged = 2 }]
        $0.next = .init { $0.plannedExerciseID = 32; $0.name = "Plank"; $0.setNumber = 3; $0.plannedSets = 3 }
        $0.rpe = nil
        $0.note = "good"
    }

    @Test func aSessionSnapshotReadsBackAsWritten() throws {
        let read = try roundTrip(snapshot)
        #expect(read == snapshot)
        let parsed = try JSONParser.parse(bytes: snapshot.jsonBytes)
        #expect(parsed["exercises"]?.arrayValue?[1]["durationSeconds"] == 45)
        #expect(parsed["exercises"]?.arrayValue?[1]["reps"] == nil, "absent plan fields are left out")
        #expect(parsed["endedAt"] == .null && parsed["rpe"] == .null)
        #expect(try roundTrip(CurrentSession(nil)).session == nil)
        #expect(CurrentSession(nil).jsonBytes == Array("null".utf8))
    }

    /// A history.import chunk leaves absent members out (null and absence are the same
    /// to params; the chunk is about half the bytes) and decodes to the same workouts;
    /// the workouts' own encoding, the export's, keeps every member as null.
    @Test func importChunksLeaveAbsentMembersOut() throws {
        let start = try #require(LocalDateTime("2026-04-24T09:40:00"))
        let workouts = [
            HistoryWorkout(start: start, durationSeconds: nil, title: "A", note: nil, rpe: nil, sets: [
                HistorySet(exercise: "Squat", kind: .warmup, reps: 5, weightKg: 40.5),
                HistorySet(exercise: "Row", reps: nil, distanceM: 2_000, durationSeconds: 480, rpe: 7.5, note: "easy", superset: "a"),
            ]),
            HistoryWorkout(start: start, durationSeconds: 3_600, title: "B", note: "n", rpe: 8, sets: [HistorySet(exercise: "Plank")]),
        ]
        let sent = HistoryImport.Params { $0.importID = "i1"; $0.chunk = 0; $0.workouts = workouts; $0.done = false }
        let bytes = sent.encoded.jsonBytes
        #expect(!String(decoding: bytes, as: UTF8.self).contains("null"))
        var params = Params(object: try JSONSlice.document(bytes))
        let read = try HistoryImport.Params(from: &params, method: HistoryImport.name, context: DecodingContext(nowMs: 1_764_000_000_000))
        #expect(read.workouts == workouts && read.importID == "i1")
        #expect(String(decoding: workouts[0].jsonBytes, as: UTF8.self).contains(#""note":null"#))
    }

    @Test func smallerResultsReadBackAsWritten() throws {
        let finish = SessionFinish.Result {
            $0.sessionID = 1
            $0.durationSeconds = 60
            $0.sets = 3
            $0.volumeKg = 720
            $0.completion = 1
            $0.planDayID = nil
            $0.title = "Free session"
            $0.startedAt = "2026-11-30T18:00:00Z"
            $0.endedAt = "2026-11-30T19:00:00Z"
        }
        #expect(try roundTrip(finish).jsonBytes == finish.jsonBytes)
        let status = DaemonStatus.Result {
            $0.version = "1.0"
            $0.uptimeSeconds = 5
            $0.activePlanID = nil
            $0.activeSessionID = 7
            $0.database = "/var/lib/sessiond/db"
            $0.schemaVersion = 3
            $0.today = LocalDate(year: 2026, month: 11, day: 30)!
            $0.timeZone = "Europe/Berlin"
        }
        #expect(try roundTrip(status).jsonBytes == status.jsonBytes)
        let undone = SessionUndo.Result(removed: [SessionUndo.Removed { $0.setID = 1; $0.sessionID = 2; $0.exercise = "Row"; $0.setNumber = 3 },
                                                  SessionUndo.Removed { $0.setID = 4; $0.sessionID = 2; $0.exercise = "Squat"; $0.setNumber = 1 }])
        #expect(try roundTrip(undone).removed == undone.removed)
        #expect(try roundTrip(undone).jsonBytes == undone.jsonBytes)
        #expect(try roundTrip(EventsSubscribe.Result { $0.subscribed = ["set.logged"] }).subscribed == ["set.logged"])
    }

    /// A result declared once in `code(_:)`: written, read back and documented from it.
    @Test func aCodedResultIsWrittenReadAndDocumentedFromOneDeclaration() throws {
        let status = DaemonStatus.Result {
            $0.version = "1.0"
            $0.uptimeSeconds = 5
            $0.activePlanID = nil
            $0.activeSessionID = 7
            $0.database = "/db"
            $0.schemaVersion = 7
            $0.today = LocalDate(year: 2026, month: 12, day: 1)!
            $0.timeZone = "UTC"
            $0.connections = 3
            $0.subscribers = 1
            $0.requestsAtDatabase = 0
        }
        let text = String(decoding: status.jsonBytes, as: UTF8.self)
        #expect(text == #"{"version":"1.0","uptimeSeconds":5,"activePlanId":null,"activeSessionId":7,"database":"/db","schemaVersion":7,"today":"2026-12-01","timeZone":"UTC","connections":3,"subscribers":1,"requestsAtDatabase":0}"#)
        let schema = DaemonStatus.Result.schema
        #expect(schema["required"]?.arrayValue?.count == 8 && schema["properties"]?["activePlanId"]?["oneOf"] != nil)
        #expect(schema["properties"]?["today"]?["format"] == "date")
        var missing = try JSONParser.parse(text)
        if case .object(let members) = missing { missing = .object(members.filter { $0.key != "timeZone" }) }
        #expect(throws: JSONReadError(path: "result.timeZone", expected: "a string")) { try DaemonStatus.Result(json: missing) }
        // A daemon older than the client counts reads without them.
        var older = try JSONParser.parse(text)
        if case .object(let members) = older { older = .object(members.filter { !["connections", "subscribers", "requestsAtDatabase"].contains($0.key) }) }
        let fromOlder = try DaemonStatus.Result(json: older)
        #expect(fromOlder.connections == nil && fromOlder.requestsAtDatabase == nil && fromOlder.timeZone == "UTC")
        let aborted = try JSONParser.parse(bytes: SessionAbort.Result { $0.sessionID = 3 }.jsonBytes)
        #expect(aborted == .obj(["sessionId": 3, "discarded": true]))
        #expect(throws: JSONReadError.self) { try SessionAbort.Result(json: .obj(["sessionId": 3, "discarded": false])) }
    }

    @Test func aPlanDocumentReadsBackAsWritten() throws {
        let monday = try #require(LocalDate("2026-11-30"))
        let plan = Plan(name: "Week 1", weekStart: monday, days: [
            PlanDay(date: monday, title: "Legs", rest: false, warmup: [WarmupItem(name: "Jog", durationSeconds: 300)],
                    exercises: [PlannedExercise(name: "Squat", sets: 3, reps: 8, repsMax: 12, weightKg: 60, restSeconds: 120),
                                PlannedExercise(name: "Plank", sets: 2, amrap: true, durationSeconds: 45)]),
            PlanDay(date: monday.adding(days: 1), title: "Rest", rest: true, warmup: [], exercises: []),
        ])
        let document = PlanDocument(planID: 3, active: true, importedAt: "2026-11-29T20:00:00Z", plan: plan, dayIDs: [10, 11], exerciseIDs: [[20, 21], []])
        #expect(try roundTrip(document) == document)
        let parsed = try JSONParser.parse(bytes: document.jsonBytes)
        let squat = parsed["days"]?.arrayValue?.first?["exercises"]?.arrayValue?.first
        #expect(squat?["plannedExerciseId"] == 20 && squat?["position"] == 1 && squat?["repsMax"] == 12)
        #expect(parsed["days"]?.arrayValue?.first?["day"] == "Monday")
    }

    @Test func aWeeklyReportReadsBackRounded() throws {
        let monday = try #require(LocalDate("2026-11-30"))
        let summary = WeeklySummary(
            weekStart: monday, plannedDays: [monday, monday.adding(days: 2)], dueDays: [monday], completedPlannedDays: [monday], missedDays: [],
            sessions: 1, adherence: 1, sets: 9, reps: 80, volumeKg: 2_400.004, activeMinutes: 55, averageRPE: 7.333_333, hardSets: 1,
            exercises: [ExerciseSummary(name: "Squat", setsDone: 3, setsPlanned: 3, bestSet: SetFigures(reps: 5, weightKg: 100, durationSeconds: nil),
                                        measure: .estimatedOneRepMaxKg, best: 116.666_7, previousBest: nil, change: nil, trend: .new)],
            skipped: [SkippedExercise(date: monday, name: "Row", setsDone: 1, setsPlanned: 3)],
            health: [HealthSummary(type: .sleepHours, value: 7.25, samples: 3, previous: 6.5)],
            volumePerDayKg: [2_400, 0, 0, 0, 0, 0, 0])
        let read = try roundTrip(WeeklyReport { $0.summary = summary; $0.promptContext = "Week of 2026-11-30: 1/1 planned" })
        #expect(read.summary.volumeKg == 2_400 && read.summary.averageRPE == 7.33, "written to 0.01")
        #expect(read.summary.exercises.first?.best == 116.67 && read.summary.exercises.first?.trend == .new)
        #expect(read.summary.skipped == summary.skipped && read.summary.health.first?.change == 0.75)
        #expect(read.promptContext == "Week of 2026-11-30: 1/1 planned")
        #expect(try JSONParser.parse(bytes: read.jsonBytes)["weekEnd"] == "2026-12-06")
    }

    @Test func paramsOfEveryContractSurviveTheWire() throws {
        let context = DecodingContext(nowMs: 1_764_000_000_000)
        func decode<P: MethodParams>(_ sent: P) throws -> P {
            var params = Params(try JSONParser.parse(sent.json.jsonText))
            return try P(from: &params, method: "test", context: context)
        }
        var start = SessionStart.Params()
        start.date = LocalDate("2025-11-24")
        start.at = Timestamp("2025-11-24T09:00:00Z")
        let decodedStart = try decode(start)
        #expect(decodedStart.date == start.date && decodedStart.at == start.at)
        var finish = SessionFinish.Params()
        finish.rpe = 7.5
        finish.note = "ok"
        #expect(try decode(finish).rpe == 7.5)
        #expect(try decode(SessionSelector { $0.sessionID = 3 }).sessionID == 3)
        #expect(try decode(SessionUndo.Params { $0.setID = 9 }).setID == 9)
        #expect(try decode(PlanActivate.Params { $0.planID = 2 }).planID == 2)
        #expect(try decode(EventsSubscribe.Params { $0.types = ["rest.finished"] }).types == ["rest.finished"])
        #expect(throws: RPCError.self) { _ = try decode(EventsSubscribe.Params { $0.types = ["bogus"] }) }
    }

    struct Context: MethodContext {
        var decoding: DecodingContext { DecodingContext(nowMs: 0) }
    }

    struct Output: MethodOutput {
        let result: JSONValue
        init(_ result: JSONValue) { self.result = result }
    }

    @Test func everyMemberNoParamReadIsAnUnknownParameter() throws {
        let table = MethodRouter<Context, Output>(
            methods: [MethodRoute(SessionFinish.self) { _, _ in Output(.obj([:])) }],
            info: .obj(["title": "test"]), mapError: { _ in .internalError("unexpected") })
        func paths(_ params: [(key: String, value: JSONValue)]) -> [String] {
            guard case .failure(let error) = table.call(Request(id: 1, method: "session.finish", params: .object(params)), context: Context()) else { return [] }
            return error.data?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        }
        #expect(paths([("rpe", 7), ("note", .null)]).isEmpty, "declared params, null or not, are known")
        let takes = SessionFinish.Params.specs.map(\.name).joined(separator: ", ")
        guard case .failure(let error) = table.call(Request(id: 1, method: "session.finish", params: .obj(["mood": .null])), context: Context()) else {
            Issue.record("an unknown param, even null, is refused")
            return
        }
        #expect(error.data?["errors"]?.arrayValue?.first?["message"] == .string("unknown parameter; session.finish takes \(takes)"))
        // Beyond the 64 members whose reads are marked, names are compared instead; at
        // most 49 are listed, the rest counted in a last entry, so the count tells
        // whether the declared one among them (rpe, the 71st) was taken for unknown.
        func messages(_ params: [(key: String, value: JSONValue)]) -> [String] {
            guard case .failure(let error) = table.call(Request(id: 1, method: "session.finish", params: .object(params)), context: Context()) else { return [] }
            return error.data?["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        }
        let many = (0..<70).map { (key: "extra\($0)", value: JSONValue.null) } + [(key: "rpe", value: JSONValue(8))]
        #expect(paths(many) == (0..<49).map { "params.extra\($0)" } + ["params"])
        #expect(messages(many).last == "and 21 more unknown parameters", "\(messages(many))")
        #expect(messages(many).dropFirst().allSatisfy { !$0.contains("takes") }, "what it takes is said once")
        let known = (0..<63).map { (key: "extra\($0)", value: JSONValue.null) } + [(key: "rpe", value: JSONValue(8))]
        #expect(messages(known).last == "and 14 more unknown parameters" && !paths(known).contains("params.rpe"))
        let few = (0..<10).map { (key: "extra\($0)", value: JSONValue.null) }
        #expect(paths(few) == (0..<10).map { "params.extra\($0)" }, "a few are all listed")
    }

    @Test func aMissingRequiredChoiceSaysWhatItMayBe() {
        var params = Params(.obj(["value": 5, "date": "2026-11-30"]))
        #expect(throws: RPCError.self) { _ = try HealthRecord.Params(from: &params, method: HealthRecord.name, context: DecodingContext(nowMs: 1_764_000_000_000)) }
        let types = HealthType.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(params.errors.contains(PathMessage(path: "params.type", message: "is required; one of \(types)")), "\(params.errors)")
        var given = Params(.obj(["type": "mood", "value": 5]))
        _ = try? HealthRecord.Params(from: &given, method: HealthRecord.name, context: DecodingContext(nowMs: 1_764_000_000_000))
        #expect(given.errors.contains { $0.path == "params.type" && $0.message.hasPrefix("must be one of \(types)") }, "\(given.errors)")
    }

    /// plan.import's weekStart is a Monday whose week ends by 9999-12-31, refused at
    /// its param (not as the plan's fault, at "$").
    @Test func aPlansWeekStartIsRefusedAtItsParam() {
        func errors(_ weekStart: String) -> [PathMessage] {
            var params = Params(.obj(["plan": .obj(["days": []]), "weekStart": .string(weekStart)]))
            _ = try? PlanImport.Params(from: &params, method: PlanImport.name, context: DecodingContext(nowMs: 1_764_000_000_000))
            return params.errors
        }
        #expect(errors("2026-11-30").isEmpty)
        #expect(errors("9999-12-20").isEmpty, "its week ends on 9999-12-26")
        #expect(errors("9999-12-27") == [PathMessage(path: "params.weekStart", message: "9999-12-27 begins a week that ends past 9999-12-31")])
        #expect(errors("2026-12-01") == [PathMessage(path: "params.weekStart", message: "2026-12-01 is a Tuesday, not a Monday")])
    }

    @Test func aHealthValueMustBePlausibleForItsType() {
        func errors(_ value: JSONValue) -> [PathMessage] {
            var params = Params(value)
            _ = try? HealthRecord.Params(from: &params, method: HealthRecord.name, context: DecodingContext(nowMs: 1_764_000_000_000))
            return params.errors
        }
        #expect(errors(.obj(["type": "steps", "value": 9000])).isEmpty)
        #expect(errors(.obj(["type": "steps", "value": 9000.5])) == [PathMessage(path: "params.value", message: "must be a whole number of steps, got 9000.5")])
        #expect(errors(.obj(["type": "steps", "value": -3])) == [PathMessage(path: "params.value", message: "must be a number from 0 to 200000, got -3")],
                "not the bound of every type at once")
        #expect(errors(.obj(["type": "sleepHours", "value": 30])) == [PathMessage(path: "params.value", message: "must be a number from 0 to 24, got 30")])
        #expect(errors(.obj(["type": "sleepHours", "value": 7.25])).isEmpty, "only steps are whole")
        #expect(HealthType.steps.problem(with: 1e9) != nil && HealthType.bodyMassKg.problem(with: 80.4) == nil)
    }

    @Test func discoverDocumentsTheContract() throws {
        let table = MethodRouter<Context, Output>(
            methods: [MethodRoute(SessionFinish.self) { params, _ in Output(.obj(["rpe": JSONValue(params.rpe)])) }],
            info: .obj(["title": "test"]), mapError: { _ in .internalError("unexpected") })
        let methods = try #require(table.openRPC["methods"]?.arrayValue)
        let finish = try #require(methods.first { $0["name"] == "session.finish" })
        #expect(finish["summary"] == .string(SessionFinish.method.summary))
        #expect(finish["params"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == SessionFinish.Params.specs.map(\.name))
        #expect(finish["result"]?["schema"] == SessionFinish.Result.schema)
        let rpe = finish["params"]?.arrayValue?.first { $0["name"] == "rpe" }
        #expect(rpe?["schema"]?["maximum"] == JSONValue(SessionLimits.rpe.upperBound))
        // Dispatch decodes through the same contract: an unknown param and a bad value together.
        let request = Request(id: 1, method: "session.finish", params: .obj(["rpe": 11, "mood": "great"]))
        guard case .failure(let error) = table.call(request, context: Context()) else {
            Issue.record("expected -32602")
            return
        }
        let paths = error.data?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        #expect(error.code == RPCError.Code.invalidParams && Set(paths) == ["params.mood", "params.rpe"])
        guard case .failure(let discoverError) = table.call(Request(id: 3, method: "rpc.discover", params: .obj(["verbose": true])), context: Context()) else {
            Issue.record("rpc.discover takes no params")
            return
        }
        #expect(discoverError.code == RPCError.Code.invalidParams)
        let good = table.call(Request(id: 2, method: "session.finish", params: .obj(["rpe": 7.5])), context: Context())
        #expect((try? good.get())?.result == .obj(["rpe": 7.5]))
    }

    /// An application error's data is one declared type: written after the reason,
    /// documented from the same declaration (a member of one of its shapes not
    /// required), and read back typed.
    @Test func errorDataIsWrittenDocumentedAndReadFromItsType() throws {
        let unknown = RPCError.application(.unknownExercise, message: "no such", data: ErrorData.UnknownExercise {
            $0.match = "sqat"
            $0.suggestions = ["squat"]
        })
        #expect(unknown.data == .obj(["reason": "unknown_exercise", "match": "sqat", "suggestions": ["squat"]]), "the other shape's members are left out")
        #expect(unknown.data(as: ErrorData.UnknownExercise.self) == ErrorData.UnknownExercise { $0.match = "sqat"; $0.suggestions = ["squat"] })
        #expect(ApplicationError.unknownExercise.dataSchema["required"] == ["reason"])
        let position = RPCError.application(.unknownExercise, message: "past the day", data: ErrorData.UnknownExercise {
            $0.position = 7
            $0.plannedExercises = 5
        })
        #expect(position.data(as: ErrorData.UnknownExercise.self)?.plannedExercises == 5)
        let ambiguous = ErrorData.AmbiguousExercise {
            $0.match = "row"
            $0.matches = [.init {
                $0.name = "Cable Row"
                $0.position = 2
                $0.plannedExerciseID = 12
            }, .init {
                $0.name = "Row"
                $0.position = nil
                $0.plannedExerciseID = nil
            }]
        }
        let error = RPCError.application(.ambiguousExercise, message: "several", data: ambiguous)
        #expect(error.data(as: ErrorData.AmbiguousExercise.self) == ambiguous)
        #expect(error.data?["matches"]?.arrayValue?[1]["position"] == .null, "a nullable member is written as null")
        #expect(ApplicationError.ambiguousExercise.dataSchema["required"] == ["reason", "match", "matches"])
        #expect(ApplicationError.ambiguousExercise.dataSchema["properties"]?["reason"] == .obj(["const": "ambiguous_exercise"]))
        #expect(error.data(as: ErrorData.ImplausibleSet.self) == nil, "data of another type does not read")
        // Every declared data type documents its members.
        for kind in ApplicationError.all {
            let members = kind.dataSchema["properties"]?.objectPairs?.map(\.key) ?? []
            #expect(members.first == "reason" && (kind.data == nil) == (members.count == 1), "\(kind.reason): \(members)")
        }
    }
}

import JSON
import SessionCore
import SessionRPC
import TestSupport
import Testing

@testable import SessionApplication

/// The events a method publishes are declared by its contract (`MethodDescription.events`)
/// and `EventRegistry` collects them: what the application publishes, `rpc.discover`
/// documents and `events.subscribe` accepts are the same list.
@Suite struct EventRegistryTests {
    /// The events the rest timer publishes on its own behalf (`EventRegistry.timer`).
    private let timerEvents: Set<String> = ["rest.started", "rest.finished"]

    @Test func everyRouteDeclaringEventsHasThemInTheRegistry() {
        let routes = DaemonRoutes.table.methods.map { ($0.name, $0.method.events.map { $0.type }) } + DaemonRoutes.loopTable.methods.map { ($0.name, $0.method.events.map { $0.type }) }
        var declared = timerEvents
        for (name, events) in routes {
            for type in events {
                #expect(EventRegistry.types.contains(type), "\(name) publishes \(type), which the registry leaves out")
                declared.insert(type)
            }
        }
        #expect(Set(EventRegistry.types) == declared, "the registry lists only what a method or the rest timer publishes")
        #expect(EventRegistry.types.count == Set(EventRegistry.types).count, "each event once")
    }

    @Test func everyEventTheApplicationPublishesIsDeclaredByItsMethod() throws {
        let client = try InProcess()
        let declared = Dictionary(uniqueKeysWithValues: DaemonRoutes.table.methods.map { ($0.name, Set($0.method.events.map { $0.type })) })
        var seen: Set<String> = []
        func check(_ method: String, since before: Int) {
            for type in client.eventTypes.dropFirst(before) {
                seen.insert(type)
                #expect(EventRegistry.types.contains(type), "\(method) published \(type), which the registry leaves out")
                #expect(declared[method, default: []].contains(type) || timerEvents.contains(type),
                        "\(method) published \(type), which its contract does not declare")
            }
        }
        func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
            let before = client.events.count
            defer { check(method, since: before) }
            return try client.call(method, params)
        }
        var before = client.events.count
        let first = try Workout.importPlan(client)
        _ = try Workout.importPlan(client)
        check("plan.import", since: before)
        before = client.events.count
        _ = try call("plan.activate", .obj(["planId": first["planId"] ?? .null]))
        #expect(client.eventTypes.dropFirst(before) == ["plan.activated"])
        _ = try call("session.start", .obj(["date": "2026-12-02"]))
        let logged = try call("session.log", .obj(["exercise": "Goblet Squat", "reps": 10, "weightKg": 20]))
        _ = try call("rest.timer", .obj(["add": 30]))
        _ = try call("session.editSet", .obj(["setId": logged["setId"] ?? .null, "reps": 12]))
        _ = try call("session.log", .obj(["exercise": "Goblet Squat", "reps": 8, "weightKg": 20]))
        _ = try call("session.undo")
        _ = try call("session.pause")
        _ = try call("session.resume")
        _ = try call("session.finish")
        _ = try call("session.start", .obj(["date": "2026-12-02"]))
        _ = try call("session.abort")
        // rest.finished comes from the daemon's clock, not a request (EffectsTests).
        #expect(seen == Set(EventRegistry.types).subtracting(["rest.finished"]), "every registered event but the timer's end was published")
    }
}

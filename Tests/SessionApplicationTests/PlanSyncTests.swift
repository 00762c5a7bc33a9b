import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// Plans and their events between two devices in the test's process, carried by hand as
/// sessiond-sync carries them: a plan arrives as imported, and the active plan follows
/// the latest activation on both devices whatever the order of arrival.
@Suite struct PlanSyncTests {
    typealias Device = ChangeFeedTests.Device

    /// A second plan, small enough to read: one training day.
    static let legsPlan = """
        {"planName": "Legs only", "days": [{"day": "Tuesday", "title": "Legs",
          "exercises": [{"name": "Back Squat", "sets": 5, "reps": 5, "weightKg": 100}, {"name": "Romanian Deadlift", "sets": 3, "reps": 8}]}]}
        """

    func importPlan(_ device: Device, _ text: String) throws -> JSONValue {
        try device.app.call("plan.import", .obj(["plan": .string(text), "weekStart": .string(Fixtures.monday.description), "activate": true]))
    }

    /// Every stored plan by name, and the name of the active one.
    func plans(_ device: Device) throws -> (names: [String], active: String?) {
        let list = try device.app.call("plan.list").arrayValue ?? []
        return (list.compactMap { $0["name"]?.stringValue }.sorted(), list.first { $0["active"] == true }?["name"]?.stringValue)
    }

    /// The active plan's days as a person reads them: date, title, and each exercise's
    /// name, sets, reps and weight.
    func activeDays(_ device: Device) throws -> [String] {
        let plan = try device.app.call("plan.get")
        return (plan["days"]?.arrayValue ?? []).map { day in
            let exercises = (day["exercises"]?.arrayValue ?? []).map {
                "\($0["name"]?.stringValue ?? "?") \($0["sets"]?.intValue ?? 0)x\($0["reps"]?.intValue ?? 0)@\($0["weightKg"]?.numberValue ?? 0)"
            }
            return "\(day["date"]?.stringValue ?? "?") \(day["title"]?.stringValue ?? "?"): \(exercises.joined(separator: ", "))"
        }
    }

    @Test func aPlanImportedAndActivatedOnThePhoneIsActiveOnTheLaptopWithTheSameDays() throws {
        let phone = try Device()
        let laptop = try Device()
        let imported = try importPlan(phone, Fixtures.dumbbellPlan)
        #expect(imported["active"] == true)
        let shared = try phone.take()
        #expect(shared.map { $0["entity"]?.stringValue ?? "?" } == ["plan", "planEvent"], "the plan and its activation")
        #expect(shared.first?["plan"]?["source"]?.stringValue == Fixtures.dumbbellPlan, "the source as received")
        #expect(shared.last?["planEvent"]?["planUid"] == shared.first?["uid"])
        #expect(try laptop.apply(shared)["applied"] == 2)

        let expected = try activeDays(phone)
        #expect(!expected.isEmpty)
        #expect(try activeDays(laptop) == expected)
        #expect(try plans(laptop).active == imported["name"]?.stringValue)
        #expect(try laptop.take().isEmpty, "another device's plan is not the laptop's to push")

        // Applying twice changes nothing.
        let again = try laptop.apply(shared)
        #expect(again["applied"] == 0 && again["ignored"] == 2, "\(again)")
        #expect(try plans(laptop).names.count == 1)
    }

    @Test func aPlanArrivingAloneIsStoredInactiveAndItsActivationWaitsForThePlan() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try importPlan(laptop, Self.legsPlan)
        _ = try importPlan(phone, Fixtures.dumbbellPlan)
        let shared = try phone.take()
        let plan = shared.filter { $0["entity"] == "plan" }
        let event = shared.filter { $0["entity"] == "planEvent" }
        let early = try laptop.apply(event)
        #expect(early["unresolved"]?.arrayValue?.count == 1, "an activation of a plan not held waits: \(early)")
        #expect(try laptop.apply(plan)["applied"] == 1)
        #expect(try plans(laptop).active == "Legs only", "the import alone activates nothing")
        #expect(try laptop.apply(event)["applied"] == 1)
        #expect(try plans(laptop).active == "Dumbbell Strength, 3 days")
    }

    @Test func plansActivatedApartEndActiveAsTheLaterActivationOnBothDevices() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try importPlan(phone, Fixtures.dumbbellPlan)
        _ = try importPlan(laptop, Self.legsPlan)
        let fromPhone = try phone.take()
        let fromLaptop = try laptop.take()
        // Made apart, the two activations are ordered by the clock's readings alone
        // (within one millisecond, by the counter and then the device): the plan of the
        // later one, found here from the readings, is the one both devices keep.
        let activations = (fromPhone + fromLaptop).filter { $0["entity"] == "planEvent" }
        let latest = try #require(activations.max { ($0["hlc"]?.stringValue ?? "") < ($1["hlc"]?.stringValue ?? "") })
        let later = try #require((fromPhone + fromLaptop).first { $0["uid"] == latest["planEvent"]?["planUid"] }?["plan"]?["name"]?.stringValue)
        // The earlier activation arrives last on the laptop, first on the phone.
        try laptop.apply(fromPhone)
        try phone.apply(fromLaptop)
        for device in [phone, laptop] {
            let held = try plans(device)
            #expect(held.names == ["Dumbbell Strength, 3 days", "Legs only"])
            #expect(held.active == later, "the later activation")
        }
        #expect(try activeDays(phone) == activeDays(laptop))

        // The phone activates the plan the earlier activation made active, again: the
        // laptop follows. (Which activation is later depends on the clock's readings: when
        // both fall in one millisecond, the phone's may win, and its plan is then the one
        // already active, whose activation would change nothing.)
        let earlier = try #require(try phone.app.call("plan.list").arrayValue?.first { $0["name"]?.stringValue != later })
        _ = try phone.app.call("plan.activate", .obj(["planId": earlier["planId"] ?? .null]))
        let activation = try phone.take()
        #expect(activation.map { $0["entity"]?.stringValue ?? "?" } == ["planEvent"])
        try laptop.apply(activation)
        #expect(try plans(laptop).active == earlier["name"]?.stringValue)
        #expect(try plans(laptop).active != later)
        #expect(try activeDays(phone) == activeDays(laptop))
    }
}

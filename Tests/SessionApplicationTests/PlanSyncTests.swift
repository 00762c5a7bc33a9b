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

    func deliver(_ device: Device, _ text: String, requestID: String) throws -> JSONValue {
        try device.app.call("plan.import", .obj(["plan": .string(text), "weekStart": .string(Fixtures.monday.description), "activate": true,
                                                 "requestId": .string(requestID)]))
    }

    /// A retry of an import whose reply was lost (sessiond-sync killed before it marked
    /// the delivery) is answered with the plan stored the first time: nothing more is
    /// stored, activated or fed. Another request id is another plan.
    @Test func anImportRetriedUnderItsRequestIDIsAnsweredWithThePlanStoredFirst() throws {
        let phone = try Device()
        let first = try deliver(phone, Fixtures.dumbbellPlan, requestID: "sessiond_plan 7")
        let fed = try phone.take()
        #expect(fed.map { $0["entity"]?.stringValue ?? "?" } == ["plan", "planEvent"])
        #expect(fed.first?["plan"]?["requestId"] == "sessiond_plan 7", "the request id travels with the plan")
        _ = try importPlan(phone, Self.legsPlan)
        _ = try phone.take()

        let retry = try deliver(phone, Fixtures.dumbbellPlan, requestID: "sessiond_plan 7")
        #expect(retry["planId"] == first["planId"] && retry["name"] == first["name"] && retry["weekStart"] == first["weekStart"])
        #expect(retry["active"] == false, "the plan as it is now: the legs plan was activated after it")
        #expect(retry["warnings"]?.arrayValue?.isEmpty == true && retry["storedBefore"] == true)
        #expect(first["storedBefore"] == false)
        #expect(try plans(phone) == (["Dumbbell Strength, 3 days", "Legs only"], "Legs only"), "nothing stored or activated")
        #expect(try phone.take().isEmpty, "nothing fed")

        let other = try deliver(phone, Fixtures.dumbbellPlan, requestID: "sessiond_plan 8")
        #expect(other["planId"] != first["planId"] && other["active"] == true)
        #expect(try plans(phone).names.count == 3)
        let empty = try phone.app.request("plan.import", .obj(["plan": .string(Self.legsPlan), "requestId": ""]))
        #expect(empty["error"]?["data"]?["errors"]?[0]?["path"] == "params.requestId", "\(empty)")
    }

    /// One delivery stored by two devices for two weeks (a plan without dates, delivered
    /// on either side of a Monday) is two plans, each the same on both devices; a plan
    /// row whose request id does not give its uid keeps no request id where it arrives.
    @Test func oneDeliveryStoredForTwoWeeksIsTwoPlansAndAForgedRequestIDIsDropped() throws {
        let phone = try Device()
        let laptop = try Device()
        func deliver(_ device: Device, week: LocalDate) throws -> JSONValue {
            try device.app.call("plan.import", .obj(["plan": .string(Self.legsPlan), "weekStart": .string(week.description), "requestId": "sessiond_plan 9"]))
        }
        _ = try deliver(phone, week: Fixtures.monday)
        _ = try deliver(laptop, week: Fixtures.monday.adding(days: 7))
        let fromPhone = try phone.take()
        let fromLaptop = try laptop.take()
        let uids = (fromPhone + fromLaptop).filter { $0["entity"] == "plan" }.map { $0["uid"] }
        #expect(uids.count == 2 && uids[0] != uids[1])
        try laptop.apply(fromPhone)
        try phone.apply(fromLaptop)
        for device in [phone, laptop] {
            let weeks = (try device.app.call("plan.list").arrayValue ?? []).compactMap { $0["weekStart"]?.stringValue }.sorted()
            #expect(weeks == [Fixtures.monday.description, Fixtures.monday.adding(days: 7).description])
        }

        // A row that says it came under request id "forged" (its uid is not that id's).
        let tablet = try Device()
        func replacing(_ value: JSONValue, _ key: String, with member: JSONValue) -> JSONValue {
            .object((value.objectPairs ?? []).map { $0.key == key ? (key: key, value: member) : $0 })
        }
        let original = try #require(fromPhone.first { $0["entity"] == "plan" })
        let forged = replacing(original, "plan", with: replacing(original["plan"] ?? .null, "requestId", with: "forged"))
        #expect(forged["plan"]?["requestId"] == "forged")
        #expect(try tablet.apply([forged])["applied"] == 1)
        let imported = try tablet.app.call("plan.import", .obj(["plan": .string(Self.legsPlan), "requestId": "forged"]))
        #expect(try imported["storedBefore"] == false && plans(tablet).names.count == 2, "the arrived plan holds no request id: \(imported)")
    }

    /// One delivery imported by two devices (the phone's mark was lost before its plan
    /// reached the laptop, which then delivered it too) is one plan: both store it under
    /// the uid its request id gives, so each turns the other's down as held, and a third
    /// device that got it through the feed answers the request id with it.
    @Test func oneDeliveryImportedOnTwoDevicesIsOnePlanOnEvery() throws {
        let phone = try Device()
        let laptop = try Device()
        let tablet = try Device()
        _ = try deliver(phone, Fixtures.dumbbellPlan, requestID: "sessiond_plan 7")
        _ = try deliver(laptop, Fixtures.dumbbellPlan, requestID: "sessiond_plan 7")
        let fromPhone = try phone.take()
        let fromLaptop = try laptop.take()
        let planUIDs = (fromPhone + fromLaptop).filter { $0["entity"] == "plan" }.map { $0["uid"] }
        #expect(planUIDs.count == 2 && planUIDs[0] == planUIDs[1], "one record: \(planUIDs)")

        let onLaptop = try laptop.apply(fromPhone)
        #expect(onLaptop["applied"] == 1 && onLaptop["ignored"] == 1, "the plan is held already, the phone's activation is new: \(onLaptop)")
        try phone.apply(fromLaptop)
        for device in [phone, laptop] {
            #expect(try plans(device) == (["Dumbbell Strength, 3 days"], "Dumbbell Strength, 3 days"))
        }

        #expect(try tablet.apply(fromPhone.filter { $0["entity"] == "plan" })["applied"] == 1)
        let held = try #require(try tablet.app.call("plan.list").arrayValue?.first)
        let retry = try deliver(tablet, Fixtures.dumbbellPlan, requestID: "sessiond_plan 7")
        #expect(retry["planId"] == held["planId"] && retry["active"] == false, "the plan the feed brought, not yet activated: \(retry)")
        #expect(try tablet.take().isEmpty)
        #expect(try plans(tablet).names.count == 1)
    }
}

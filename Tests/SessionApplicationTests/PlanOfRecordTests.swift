import Foundation
import JSON
import SessionCore
import SessionSystem
import TestSupport
import Testing

/// Which plan governed each day, asked through summary.weekly, calendar.month, plan.get
/// by date and session.start, with the application's clock set to the moments a person
/// imported, replaced and moved plans. The expected days are read from the plan files.
@Suite struct PlanOfRecordTests {
    let monday = Fixtures.monday  // 2026-11-30
    func day(_ offset: Int) -> LocalDate { monday.adding(days: offset) }
    /// A wall-clock hour of `date` in the zone the application reads days in.
    func ms(_ date: LocalDate, hour: Int) -> Int64 { Wall.ms(date, hour: hour) }

    /// The weekdays (1 = Monday) a stored plan trains, and its exercises' sets by weekday.
    func training(_ client: InProcess, _ planID: JSONValue?) throws -> [Int: [(name: String, sets: Int)]] {
        var days: [Int: [(name: String, sets: Int)]] = [:]
        for day in try #require(client.call("plan.get", .obj(["planId": planID ?? .null]))["days"]?.arrayValue) {
            let exercises = (day["exercises"]?.arrayValue ?? []).map { (name: $0["name"]?.stringValue ?? "?", sets: $0["sets"]?.intValue ?? 0) }
            if let date = day["date"]?.stringValue.flatMap(LocalDate.init), !exercises.isEmpty { days[date.weekday.rawValue] = exercises }
        }
        return days
    }

    func importPlan(_ client: InProcess, _ file: String, at: Int64) throws -> JSONValue {
        try client.at(ms: at) {
            let text = file == "dumbbell-3day.json" ? Fixtures.dumbbellPlan : Fixtures.examplePlan(file)
            return try client.call("plan.import", .obj(["plan": .string(text), "weekStart": .string(monday.description)]))
        }
    }

    func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    @Test func aPlanImportedOnSaturdayLeavesTheDaysBeforeItUnplannedEverywhere() throws {
        let client = try InProcess()
        let saturday = day(5)
        let trains = try training(client, try importPlan(client, "dumbbell-3day.json", at: ms(saturday, hour: 10))["planId"])
        // The test's count: only days from Saturday on are planned, and the plan trains
        // neither Saturday nor Sunday.
        let planned = (5..<7).map(day).filter { trains[$0.weekday.rawValue] != nil }
        try client.at(ms: ms(saturday, hour: 12)) {
            let summary = try client.call("summary.weekly", .obj(["weekStart": .string(monday.description)]))
            #expect(strings(summary["plannedDays"]) == planned.map(\.description))
            #expect(strings(summary["missedDays"]).isEmpty && summary["adherence"] == .null, "\(summary)")
            let month = try client.call("calendar.month", .obj(["month": "2026-11"]))
            #expect(month["days"]?.arrayValue?.last?["mark"] == "none", "Monday 30 November ended before any plan")
            let december = try client.call("calendar.month", .obj(["month": "2026-12"]))
            let marks = (december["days"]?.arrayValue ?? []).prefix(4).map { $0["mark"]?.stringValue ?? "?" }
            #expect(marks == ["none", "none", "none", "none"], "\(marks)")
            let week = try client.call("plan.get", .obj(["date": .string(day(2).description)]))["week"]?.arrayValue ?? []
            #expect(week.prefix(5).allSatisfy { $0["planId"] == nil }, "\(week)")
            #expect(week.suffix(2).allSatisfy { $0["planId"] == 1 })
            // A session back-dated to Wednesday trains no plan day.
            let started = try client.call("session.start", .obj(["date": .string(day(2).description)]))
            #expect(started["planDayId"] == .null && started["title"] == "Free session", "\(started)")
            _ = try client.call("session.abort")
        }
        // The next week is the plan's, carried over by weekday: due and missed as it ends.
        try client.at(ms: ms(day(12), hour: 12)) {
            let next = try client.call("summary.weekly", .obj(["weekStart": .string(day(7).description)]))
            let nextPlanned = (7..<14).map(day).filter { trains[$0.weekday.rawValue] != nil }
            #expect(strings(next["plannedDays"]) == nextPlanned.map(\.description))
            #expect(strings(next["missedDays"]) == nextPlanned.filter { $0 < day(12) }.map(\.description), "days not yet ended are planned, not missed")
        }
    }

    /// Monday's workout entered on Tuesday counts for Monday, and goes on counting for
    /// it when its effort, note or title is edited; only a new start dates it anew.
    @Test func aSessionEnteredTheDayAfterKeepsItsDayThroughEditsThatLeaveItsStart() throws {
        let client = try InProcess()
        _ = try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))
        func week() throws -> (completed: [String], missed: [String]) {
            let summary = try client.call("summary.weekly", .obj(["weekStart": .string(monday.description)]))
            return (strings(summary["completedPlannedDays"]), strings(summary["missedDays"]))
        }
        try client.at(ms: ms(day(1), hour: 10)) {
            let started = try client.call("session.start", .obj(["date": .string(monday.description)]))
            let session = try #require(started["sessionId"])
            _ = try client.call("session.log", .obj(["position": 1]))
            _ = try client.call("session.finish")
            #expect(try week() == ([monday.description], []))
            for edit: (key: String, value: JSONValue) in [("rpe", 7), ("note", "felt good"), ("title", "Push")] {
                let edited = try client.call("session.edit", .object([("sessionId", session), edit]))
                #expect(edited["date"] == .string(monday.description), "\(edit): \(edited)")
                #expect(try week() == ([monday.description], []), "\(edit)")
            }
            // A start moved to Tuesday morning: the session is Tuesday's, and Monday is missed.
            let moved = try client.call("session.edit", .obj(["sessionId": session, "startedAt": .string(Wall.at("\(day(1))T09:00:00"))]))
            #expect(moved["date"] == .string(day(1).description), "\(moved)")
            #expect(try week().missed == [monday.description])
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func aReplacementTakesOverFromItsDayAndEachDayCountsItsOwnPlansSets() throws {
        let client = try InProcess()
        let first = try training(client, try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"])
        let wednesday = day(2)
        let second = try training(client, try importPlan(client, "messy-model-output.txt", at: ms(wednesday, hour: 7))["planId"])
        // Mondays and Tuesdays are the first plan's, the rest of the week the second's.
        var expectedSets: [String: Int] = [:]
        var planned: [LocalDate] = []
        for offset in 0..<7 {
            let date = day(offset)
            guard let exercises = (date < wednesday ? first : second)[date.weekday.rawValue] else { continue }
            planned.append(date)
            for exercise in exercises { expectedSets[exercise.name, default: 0] += exercise.sets }
        }
        // Every planned day trained: one set of each planned exercise, logged by name.
        for date in planned {
            try client.at(ms: ms(date, hour: 19)) {
                _ = try client.call("session.start")
                _ = try client.call("session.log", .obj(["position": 1, "reps": 5, "weightKg": 20]))
                _ = try client.call("session.finish")
            }
        }
        try client.at(ms: ms(day(6), hour: 22)) {
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["plannedDays"]) == planned.map(\.description))
            #expect(strings(summary["completedPlannedDays"]) == planned.map(\.description))
            let setsPlanned = Dictionary((summary["exercises"]?.arrayValue ?? []).map { ($0["name"]?.stringValue ?? "?", $0["setsPlanned"]?.intValue ?? -1) },
                                         uniquingKeysWith: +)
            for (name, sets) in setsPlanned { #expect(expectedSets[name] == sets, "\(name): \(sets) planned, the test counts \(expectedSets[name] ?? 0)") }
        }
    }

    @Test func aOneOffMoveMovesThisWeeksDayOnlyAndAnEndedDayCannotMove() throws {
        let client = try InProcess()
        let trains = try training(client, try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"])
        let (thursday, friday, saturday) = (day(3), day(4), day(5))
        try client.at(ms: ms(thursday, hour: 9)) {
            let ended = try client.request("plan.move", .obj(["from": .string(day(2).description), "to": .string(saturday.description)]))
            #expect(ended["error"]?["data"]?["errors"]?[0]?["path"] == "params.from", "Wednesday has ended: \(ended)")
            let otherWeek = try client.request("plan.move", .obj(["from": .string(friday.description), "to": .string(day(8).description)]))
            #expect(otherWeek["error"]?["code"] == -32602)
            let moved = try client.call("plan.move", .obj(["from": .string(friday.description), "to": .string(saturday.description)]))
            #expect(moved["to"]?["rest"] == false && moved["from"]?["rest"] == true, "\(moved)")
            // The plan itself is unchanged: no new version.
            #expect(try client.call("plan.list").arrayValue?.count == 1)
            let week = try client.call("plan.get", .obj(["date": .string(friday.description)]))["week"]?.arrayValue ?? []
            #expect(week[5]["movedFrom"] == .string(friday.description) && week[4]["movedFrom"] == .string(saturday.description), "\(week)")
        }
        // The test's count: Friday's training is Saturday's this week, once.
        let planned = (0..<7).map(day).filter { trains[$0.weekday.rawValue] != nil }.map { $0 == friday ? saturday : $0 }
        try client.at(ms: ms(saturday, hour: 19)) {
            let started = try client.call("session.start")
            #expect(started["title"] != "Free session", "Saturday trains Friday's day: \(started)")
            _ = try client.call("session.abort")
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["plannedDays"]) == planned.map(\.description))
            #expect(!strings(summary["missedDays"]).contains(friday.description), "Friday was moved, not missed")
        }
        // Next week trains as the plan says.
        try client.at(ms: ms(day(13), hour: 12)) {
            let next = try client.call("summary.weekly")
            #expect(strings(next["plannedDays"]) == (7..<14).map(day).filter { trains[$0.weekday.rawValue] != nil }.map(\.description))
        }
    }

    /// Wednesday trained under the first plan, and that evening a plan that rests on
    /// Wednesday arrives: Wednesday keeps the plan it was trained under (its session
    /// completed it, not an extra), and the new one governs from Thursday. A plan
    /// activated on a day not trained yet governs that day.
    /// plan.activate of the active plan changes nothing while it cannot govern yet (next
    /// week's, imported early), and activates it again once it no longer governs today.
    @Test func activatingTheActivePlanChangesNothingBeforeItsWeek() throws {
        let client = try InProcess()
        let thisWeek = try importPlan(client, "dumbbell-3day.json", at: ms(day(0), hour: 8))["planId"]
        let nextWeek = try client.at(ms: ms(day(4), hour: 8)) {
            try client.call("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "weekStart": .string(day(7).description)]))["planId"]
        }
        func events() throws -> Int { try client.call("history.archive", .obj(["part": "events"]))["events"]?.arrayValue?.count ?? -1 }
        let before = try events()
        try client.at(ms: ms(day(5), hour: 8)) { _ = try client.call("plan.activate", .obj(["planId": nextWeek ?? .null])) }
        #expect(try events() == before, "next week's plan, active, cannot govern Saturday")
        // This week's plan activated on Monday of next week (chosen to go on), then next
        // week's again: it governs from then.
        try client.at(ms: ms(day(7), hour: 8)) { _ = try client.call("plan.activate", .obj(["planId": thisWeek ?? .null])) }
        try client.at(ms: ms(day(8), hour: 8)) { _ = try client.call("plan.activate", .obj(["planId": nextWeek ?? .null])) }
        let governing = try client.at(ms: ms(day(8), hour: 9)) { try client.call("plan.get", .obj(["date": .string(day(8).description)]))["planId"] }
        let after = try events()
        #expect(governing == nextWeek && after == before + 2, "\(before) → \(after)")
    }

    @Test func aPlanArrivingOnADayTrainedGovernsFromTheNextDay() throws {
        let client = try InProcess()
        let first = try training(client, try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"])
        let wednesday = day(2)
        try #require(first[wednesday.weekday.rawValue] != nil)
        try client.at(ms: ms(wednesday, hour: 18)) {
            _ = try client.call("session.start")
            _ = try client.call("session.log", .obj(["position": 1, "reps": 8, "weightKg": 20]))
            _ = try client.call("session.finish")
        }
        let restsWednesday = #"{"planName": "B", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Goblet Squat", "sets": 3, "reps": 8}]}, "#
            + #"{"day": "Thursday", "title": "Push", "exercises": [{"name": "Push-up", "sets": 3, "reps": 10}]}, "#
            + #"{"day": "Saturday", "title": "Pull", "exercises": [{"name": "Dumbbell Row", "sets": 3, "reps": 10}]}]}"#
        let imported = try client.at(ms: ms(wednesday, hour: 20)) {
            try client.call("plan.import", .obj(["plan": .string(restsWednesday), "weekStart": .string(monday.description)]))
        }
        #expect(imported["governsFrom"] == .string(day(3).description), "Wednesday was trained: \(imported)")
        let second = imported["planId"]
        let secondDays = try training(client, second)
        let (governingWednesday, governingThursday) = try client.at(ms: ms(day(3), hour: 8)) {
            (try client.call("plan.get", .obj(["date": .string(wednesday.description)]))["planId"],
             try client.call("plan.get", .obj(["date": .string(day(3).description)]))["planId"])
        }
        #expect(governingWednesday != second && governingThursday == second, "Wednesday keeps the first plan")
        // The test's count: the first plan's training days to Wednesday, the second's after.
        let planned = (0..<7).map(day).filter { $0 <= wednesday ? first[$0.weekday.rawValue] != nil : secondDays[$0.weekday.rawValue] != nil }
        try client.at(ms: ms(day(6), hour: 22)) {
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["plannedDays"]) == planned.map(\.description))
            #expect(strings(summary["completedPlannedDays"]) == [wednesday.description], "\(summary)")
            #expect(strings(summary["missedDays"]) == planned.filter { $0 != wednesday }.map(\.description))
        }
    }

    /// A session on a rest day does not hold a new plan back: Tuesday's free session
    /// becomes the new plan's Tuesday. A running session does: Thursday, trained under
    /// the second plan and still running, keeps it when the first is activated again
    /// (from Friday), and its training does not move; nor may a move span the two plans.
    @Test func aRunningSessionHoldsItsDayAndARestDaysSessionDoesNot() throws {
        let client = try InProcess()
        let first = try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"]
        let firstDays = try training(client, first)
        let (tuesday, thursday, friday, saturday) = (day(1), day(3), day(4), day(5))
        try #require(firstDays[tuesday.weekday.rawValue] == nil && firstDays[friday.weekday.rawValue] != nil)
        func governing(_ date: LocalDate, at hour: Int, on today: LocalDate) throws -> JSONValue? {
            try client.at(ms: ms(today, hour: hour)) { try client.call("plan.get", .obj(["date": .string(date.description)]))["planId"] }
        }
        try client.at(ms: ms(tuesday, hour: 8)) {
            _ = try client.call("session.start")
            _ = try client.call("session.log", .obj(["exercise": "Goblet Squat", "reps": 10, "weightKg": 20]))
            _ = try client.call("session.finish")
        }
        let trainsTuesday = #"{"planName": "B", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Goblet Squat", "sets": 3, "reps": 8}]}, "#
            + #"{"day": "Thursday", "title": "Push", "exercises": [{"name": "Push-up", "sets": 3, "reps": 10}]}]}"#
        let second = try client.at(ms: ms(tuesday, hour: 9)) {
            try client.call("plan.import", .obj(["plan": .string(trainsTuesday), "weekStart": .string(monday.description)]))["planId"]
        }
        let secondDays = try training(client, second)
        #expect(try governing(tuesday, at: 10, on: tuesday) == second, "a rest day's session holds nothing back")
        try client.at(ms: ms(thursday, hour: 18)) { _ = try client.call("session.start") }
        try client.at(ms: ms(thursday, hour: 18) + 600_000) {
            let refused = try client.request("plan.move", .obj(["from": .string(thursday.description), "to": .string(saturday.description)]))
            #expect(refused["error"]?["data"]?["reason"] == "day_trained", "a running session trains its day: \(refused)")
            _ = try client.call("plan.activate", .obj(["planId": first ?? .null]))
        }
        #expect(try governing(thursday, at: 19, on: thursday) == second && governing(friday, at: 19, on: thursday) == first)
        try client.at(ms: ms(thursday, hour: 19)) {
            let spans = try client.request("plan.move", .obj(["from": .string(thursday.description), "to": .string(saturday.description)]))
            #expect(spans["error"]?["code"] == -32602 && spans["error"]?["data"]?["errors"]?[0]?["path"] == "params.to", "\(spans)")
            _ = try client.call("session.finish")
        }
        // The test's count: the first plan's days on Monday and from Friday, the second's between.
        let planned = (0..<7).map(day).filter { date in
            (date == monday || date >= friday ? firstDays : secondDays)[date.weekday.rawValue] != nil
        }
        try client.at(ms: ms(day(6), hour: 22)) {
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["plannedDays"]) == planned.map(\.description), "\(summary)")
            #expect(strings(summary["completedPlannedDays"]) == [tuesday.description, thursday.description], "\(summary)")
        }
    }

    /// Friday's training done on Thursday, a rest day, then moved there: the session
    /// becomes it. A day trained keeps its training: moving it away would make its
    /// session extra and the day it went to missed.
    @Test func aDayTrainedKeepsItsTrainingAndARestDayTrainedMayTakeAnothersDay() throws {
        let client = try InProcess()
        let trains = try training(client, try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"])
        let (thursday, friday, saturday) = (day(3), day(4), day(5))
        try #require(trains[thursday.weekday.rawValue] == nil && trains[friday.weekday.rawValue] != nil && trains[saturday.weekday.rawValue] == nil)
        try client.at(ms: ms(thursday, hour: 8)) {
            _ = try client.call("session.start")
            _ = try client.call("session.log", .obj(["exercise": "Goblet Squat", "reps": 10, "weightKg": 20]))
            _ = try client.call("session.finish")
        }
        try client.at(ms: ms(thursday, hour: 9)) {
            let moved = try client.call("plan.move", .obj(["from": .string(friday.description), "to": .string(thursday.description)]))
            #expect(moved["to"]?["rest"] == false, "\(moved)")
            for (from, to) in [(thursday, saturday), (saturday, thursday)] {
                let refused = try client.request("plan.move", .obj(["from": .string(from.description), "to": .string(to.description)]))
                #expect(refused["error"]?["code"] == -32024 && refused["error"]?["data"]?["reason"] == "day_trained"
                        && refused["error"]?["data"]?["date"] == .string(thursday.description), "\(refused)")
            }
        }
        // The test's count: the training days as the plan lists them, Friday's on Thursday;
        // Thursday's session completed it, Monday and Wednesday were missed.
        let planned = (0..<7).map(day).filter { trains[$0.weekday.rawValue] != nil }.map { $0 == friday ? thursday : $0 }
        try client.at(ms: ms(day(6), hour: 22)) {
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["plannedDays"]) == planned.map(\.description))
            #expect(strings(summary["completedPlannedDays"]) == [thursday.description])
            #expect(strings(summary["missedDays"]) == planned.filter { $0 != thursday }.map(\.description))
        }
    }

    /// A day trained in full and its plan revised that evening (a heavier weight for next
    /// time, as `sessionctl plan set` sends it): the new version governs from the next
    /// day, and the day, keeping the version it was trained under, skips nothing.
    @Test func aDayTrainedInFullThenRevisedSkipsNothing() throws {
        let client = try InProcess()
        let planID = try importPlan(client, "dumbbell-3day.json", at: ms(day(-1), hour: 20))["planId"]
        let firstDay = try #require(client.call("plan.get", .obj(["planId": planID ?? .null]))["days"]?.arrayValue?.first)
        let exercises = (firstDay["exercises"]?.arrayValue ?? []).map { ($0["plannedExerciseId"]?.intValue ?? 0, $0["sets"]?.intValue ?? 0) }
        try #require(!exercises.isEmpty && exercises.allSatisfy { $0.0 > 0 && $0.1 > 0 }, "\(firstDay)")
        try client.at(ms: ms(day(0), hour: 18)) {
            _ = try client.call("session.start")
            for (id, sets) in exercises {
                for _ in 0..<sets { _ = try client.call("session.log", .obj(["plannedExerciseId": .number(Double(id)), "reps": 8])) }
            }
            _ = try client.call("session.finish")
        }
        try client.at(ms: ms(day(0), hour: 20)) {
            let heavier = Fixtures.dumbbellPlan.replacingOccurrences(of: #""weightKg": 22.5"#, with: #""weightKg": 25"#)
            try #require(heavier != Fixtures.dumbbellPlan)
            let revised = try client.call("plan.import", .obj(["plan": .string(heavier), "weekStart": .string(monday.description), "revises": planID ?? .null]))
            #expect(revised["planId"] != planID, "a new version: \(revised)")
        }
        try client.at(ms: ms(day(1), hour: 12)) {
            let summary = try client.call("summary.weekly")
            #expect(strings(summary["completedPlannedDays"]) == [day(0).description])
            #expect(summary["skipped"]?.arrayValue == [], "every planned set of Monday was logged: \(summary["skipped"] ?? .null)")
        }
    }
}

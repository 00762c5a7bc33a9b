import Testing
import SessionCore

/// The numbers of a set logged without any: this session's last set, else today's
/// plan when it gives reps or a time, else last time's first set, else the plan.
@Suite struct SetFillTests {
    typealias Numbers = SetFill.Numbers

    let plan = PlannedExercise(name: "Squat", sets: 3, reps: 5, weightKg: 100)
    let yearAgo = Numbers(reps: 5, weightKg: 60, durationSeconds: nil)

    @Test func thePlanComesBeforeLastTime() {
        var asked = false
        let filled = SetFill.numbers(lastSet: nil, planned: plan, lastTime: { asked = true; return yearAgo })
        #expect(filled?.0 == Numbers(reps: plan.reps, weightKg: plan.weightKg, durationSeconds: nil) && filled?.1 == .plan)
        #expect(!asked, "last time is not read when the plan answers")
        let timed = PlannedExercise(name: "Plank", sets: 2, durationSeconds: 45)
        #expect(SetFill.numbers(lastSet: nil, planned: timed, lastTime: { yearAgo })?.0 == Numbers(reps: nil, weightKg: nil, durationSeconds: 45))
    }

    @Test func todaysLastSetComesFirst() {
        let today = Numbers(reps: 4, weightKg: 102.5, durationSeconds: nil)
        let filled = SetFill.numbers(lastSet: today, planned: plan, lastTime: { yearAgo })
        #expect(filled?.0 == today && filled?.1 == .lastSet)
    }

    @Test func offPlanOrWithoutRepsLastTimeElseThePlanElseNothing() {
        let offPlan = SetFill.numbers(lastSet: nil, planned: nil, lastTime: { yearAgo })
        #expect(offPlan?.0 == yearAgo && offPlan?.1 == .lastTime)
        let amrap = PlannedExercise(name: "Pull-Up", sets: 3, amrap: true, weightKg: 10)
        #expect(SetFill.numbers(lastSet: nil, planned: amrap, lastTime: { yearAgo })?.1 == .lastTime, "the plan gives no reps: last time")
        let noHistory = SetFill.numbers(lastSet: nil, planned: amrap, lastTime: { nil })
        #expect(noHistory?.0 == Numbers(reps: nil, weightKg: 10, durationSeconds: nil) && noHistory?.1 == .plan)
        #expect(SetFill.numbers(lastSet: nil, planned: nil, lastTime: { nil }) == nil)
    }

    /// Reps given without a weight: the weight by the same rule, from whichever answers
    /// first, none when it has none; a lift that counts body mass takes none.
    @Test func aWeightAloneComesByTheSameRule() {
        let today = Numbers(reps: 4, weightKg: 102.5, durationSeconds: nil)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: today, planned: plan, lastTime: { yearAgo })! == (102.5, .lastSet))
        #expect(SetFill.weight(countsBodyMass: false, lastSet: nil, planned: plan, lastTime: { yearAgo })! == (100, .plan))
        let unloaded = Numbers(reps: 10, weightKg: nil, durationSeconds: nil)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: unloaded, planned: plan, lastTime: { yearAgo }) == nil, "today's set had no load")
        // A plan row with no reps or time is no prescription: last time's weight.
        let amrap = PlannedExercise(name: "Deadlift", sets: 3, amrap: true)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: nil, planned: amrap, lastTime: { yearAgo })! == (60, .lastTime))
        #expect(SetFill.weight(countsBodyMass: true, lastSet: today, planned: plan, lastTime: { yearAgo }) == nil)
    }
}

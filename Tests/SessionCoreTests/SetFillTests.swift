import Testing
import SessionCore

/// The numbers of a set logged without any: today's plan when it gives reps or a time,
/// else this session's last set, else last time's first set, else the plan.
@Suite struct SetFillTests {
    typealias Numbers = SetFill.Numbers

    let plan = PlannedExercise(name: "Squat", sets: 3, reps: 5, weightKg: 100)
    let yearAgo = Numbers(reps: 5, weightKg: 60, durationSeconds: nil)
    let today = Numbers(reps: 4, weightKg: 102.5, durationSeconds: nil)

    /// The plan is today's prescription: a set "as planned" is the plan's, whatever
    /// this session's sets of it were (a short one is not repeated), and neither they
    /// nor last time are read when it answers.
    @Test func thePlanComesFirst() {
        var asked: [String] = []
        let filled = SetFill.numbers(lastSet: { asked.append("lastSet"); return today }, planned: plan,
                                     lastTime: { asked.append("lastTime"); return yearAgo })
        #expect(filled?.0 == Numbers(reps: plan.reps, weightKg: plan.weightKg, durationSeconds: nil) && filled?.1 == .plan)
        #expect(asked.isEmpty, "nothing else is read when the plan answers: \(asked)")
        let timed = PlannedExercise(name: "Plank", sets: 2, durationSeconds: 45)
        #expect(SetFill.numbers(lastSet: { nil }, planned: timed, lastTime: { nil })?.0 == Numbers(reps: nil, weightKg: nil, durationSeconds: 45))
    }

    /// What the plan does not prescribe (an off-plan exercise, a row without reps or a
    /// time) repeats this session's last set, before last time.
    @Test func todaysLastSetComesBeforeLastTime() {
        var asked = false
        let offPlan = SetFill.numbers(lastSet: { today }, planned: nil, lastTime: { asked = true; return yearAgo })
        #expect(offPlan?.0 == today && offPlan?.1 == .lastSet && !asked)
        let amrap = PlannedExercise(name: "Pull-Up", sets: 3, amrap: true, weightKg: 10)
        #expect(SetFill.numbers(lastSet: { today }, planned: amrap, lastTime: { yearAgo })?.1 == .lastSet)
    }

    @Test func offPlanOrWithoutRepsLastTimeElseThePlanElseNothing() {
        let offPlan = SetFill.numbers(lastSet: { nil }, planned: nil, lastTime: { yearAgo })
        #expect(offPlan?.0 == yearAgo && offPlan?.1 == .lastTime)
        let amrap = PlannedExercise(name: "Pull-Up", sets: 3, amrap: true, weightKg: 10)
        #expect(SetFill.numbers(lastSet: { nil }, planned: amrap, lastTime: { yearAgo })?.1 == .lastTime, "the plan gives no reps: last time")
        let noHistory = SetFill.numbers(lastSet: { nil }, planned: amrap, lastTime: { nil })
        #expect(noHistory?.0 == Numbers(reps: nil, weightKg: 10, durationSeconds: nil) && noHistory?.1 == .plan)
        #expect(SetFill.numbers(lastSet: { nil }, planned: nil, lastTime: { nil }) == nil)
    }

    /// Reps given without a weight: the weight by the same rule, from whichever answers
    /// first, none when it has none; a lift that counts body mass takes none.
    @Test func aWeightAloneComesByTheSameRule() {
        #expect(SetFill.weight(countsBodyMass: false, lastSet: { today }, planned: plan, lastTime: { yearAgo })! == (100, .plan))
        #expect(SetFill.weight(countsBodyMass: false, lastSet: { today }, planned: nil, lastTime: { yearAgo })! == (102.5, .lastSet))
        let unloaded = Numbers(reps: 10, weightKg: nil, durationSeconds: nil)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: { unloaded }, planned: nil, lastTime: { yearAgo }) == nil, "today's set had no load")
        // A plan row with no reps or time is no prescription: last time's weight.
        let amrap = PlannedExercise(name: "Deadlift", sets: 3, amrap: true)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: { nil }, planned: amrap, lastTime: { yearAgo })! == (60, .lastTime))
        #expect(SetFill.weight(countsBodyMass: true, lastSet: { today }, planned: plan, lastTime: { yearAgo }) == nil)
    }

    /// A plan row of reps and no weight (goblet squat 3 × 10) prescribes the reps; the
    /// weight is this session's last set's, else last time's. A lift that counts body
    /// mass, or a warm-up, takes none: the body alone.
    @Test func aPlanOfRepsWithoutAWeightTakesTheWeightOfTheSetsBefore() {
        let goblet = PlannedExercise(name: "Goblet Squat", sets: 3, reps: 10)
        let todayGoblet = Numbers(reps: 8, weightKg: 24, durationSeconds: nil)
        let filled = SetFill.numbers(lastSet: { todayGoblet }, planned: goblet, lastTime: { yearAgo })
        #expect(filled?.0 == Numbers(reps: 10, weightKg: 24, durationSeconds: nil) && filled?.1 == .plan, "\(String(describing: filled))")
        #expect(SetFill.numbers(lastSet: { nil }, planned: goblet, lastTime: { yearAgo })?.0.weightKg == 60, "last time's")
        #expect(SetFill.numbers(countsBodyMass: true, lastSet: { todayGoblet }, planned: goblet, lastTime: { yearAgo })?.0.weightKg == nil)
        #expect(SetFill.numbers(kind: .warmup, lastSet: { todayGoblet }, planned: goblet, lastTime: { yearAgo })?.0.weightKg == nil)
        #expect(SetFill.weight(countsBodyMass: false, lastSet: { todayGoblet }, planned: goblet, lastTime: { yearAgo })! == (24, .lastSet))
    }
}

import Testing
@testable import SessionCore
import TestSupport

/// A stored set's estimate is a function of the facts: estimated again as weighings
/// arrive, in any order, it ends where deciding with every weighing known starts.
@Suite struct StoredEstimateTests {
    typealias LoggedSet = (day: Int, kind: SetKind, reps: Int, load: Double?)
    /// A weighing's day, its place among the weighings taken (the last of a day counts), its mass.
    typealias Weighing = (day: Int, order: Int, kg: Double)

    /// Sets of a body-weight lift on days 0…29 (added load 0–20 kg, some warm-ups), and
    /// weighings on some of those days (several on a day: the last counts).
    static func facts(_ generator: inout SplitMix) -> (sets: [LoggedSet], weighings: [Weighing]) {
        let sets = (0..<40).map { _ in
            let load = Int.random(in: 0..<3, using: &generator) == 0 ? nil : Double(Int.random(in: 0...8, using: &generator)) * 2.5
            return (day: Int.random(in: 0..<30, using: &generator), kind: Int.random(in: 0..<5, using: &generator) == 0 ? SetKind.warmup : .normal,
                    reps: Int.random(in: 1...12, using: &generator), load: load)
        }
        let weighings = (0..<12).map { order in
            (day: Int.random(in: 3..<30, using: &generator), order: order, kg: Double(Int.random(in: 600...900, using: &generator)) / 10)
        }
        return (sets, weighings)
    }

    static func date(_ day: Int) -> LocalDate { LocalDate(daysSinceEpoch: 20_000 + day) }

    /// The series of `weighings`, by day and, within a day, by when each was taken.
    static func series(_ weighings: [Weighing]) -> BodyMassSeries {
        BodyMassSeries(orderedSamples: weighings.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map { (date: date($0.day), kg: $0.kg) })
    }

    @Test func estimatesFollowTheBodyMassWhateverOrderTheWeighingsArriveIn() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<20 {
            let (sets, weighings) = Self.facts(&generator)
            let everything = Self.series(weighings)
            // As logging decides with every weighing known.
            let known = sets.map { set in
                SetDecision(exerciseKey: "pull-up", kind: set.kind, reps: set.reps, weightKg: set.load, previous: nil, bests: .none,
                            countsBodyMass: true, bodyMassKg: everything.kg(onOrBefore: Self.date(set.day))).oneRepMaxKg
            }
            // Logged with none known, then estimated again as each weighing arrives.
            var stored: [Double?] = sets.map { _ in nil }
            var arrived: [Weighing] = []
            for weighing in weighings.shuffled(using: &generator) {
                arrived.append(weighing)
                let series = Self.series(arrived)
                for (index, set) in sets.enumerated() {
                    let estimate = StoredEstimate(setID: Int64(index), date: Self.date(set.day), kind: set.kind, reps: set.reps, weightKg: set.load,
                                                  oneRepMaxKg: stored[index])
                    if let revision = estimate.revised(countsBodyMass: true, bodyMassKg: { series.kg(onOrBefore: $0) }) {
                        #expect(revision.setID == Int64(index))
                        stored[index] = revision.oneRepMaxKg
                    }
                }
            }
            #expect(stored == known)
            #expect(zip(sets, known).allSatisfy { set, estimate in
                // Epley over body mass plus load, worked out here; none for a warm-up or before the first weighing.
                guard set.kind.counts, let mass = weighings.filter({ $0.day <= set.day }).max(by: { ($0.day, $0.order) < ($1.day, $1.order) })?.kg else {
                    return estimate == nil
                }
                return abs((estimate ?? 0) - (mass + (set.load ?? 0)) * (1 + Double(set.reps) / 30)) < 1e-9
            })
        }
    }

    @Test func anEstimateTheFactsStillDecideIsLeftAsStored() {
        let set = StoredEstimate(setID: 1, date: Self.date(5), kind: .normal, reps: 6, weightKg: 10, oneRepMaxKg: 96)
        #expect(set.revised(countsBodyMass: true) { _ in 70 } == nil, "(70 + 10) × 1.2")
        #expect(set.revised(countsBodyMass: true) { _ in 80 } == StoredEstimate.Revision(setID: 1, oneRepMaxKg: 108))
        #expect(set.revised(countsBodyMass: true) { _ in nil } == StoredEstimate.Revision(setID: 1, oneRepMaxKg: nil), "no body mass, no estimate")
        // Another rule: the load alone, whatever the body mass.
        #expect(set.revised(countsBodyMass: false) { _ in 80 } == StoredEstimate.Revision(setID: 1, oneRepMaxKg: 12))
        let warmup = StoredEstimate(setID: 2, date: Self.date(5), kind: .warmup, reps: 6, weightKg: 10, oneRepMaxKg: nil)
        #expect(warmup.revised(countsBodyMass: true) { _ in 80 } == nil, "a warm-up has none")
    }
}

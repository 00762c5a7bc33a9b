import Testing
@testable import SessionCore

@Suite struct QuantityTests {
    @Test func readsDurations() {
        #expect(Quantity.seconds("30s") == 30)
        #expect(Quantity.seconds("45 sec") == 45)
        #expect(Quantity.seconds("45 seconds") == 45)
        #expect(Quantity.seconds("1 min") == 60)
        #expect(Quantity.seconds("1.5 minutes") == 90)
        #expect(Quantity.seconds("1:30") == 90)
        #expect(Quantity.seconds("90") == 90)
        #expect(Quantity.seconds("1 h") == 3600)
        #expect(Quantity.seconds("ten seconds") == nil)
        #expect(Quantity.seconds("30 kg") == nil)
        #expect(Quantity.seconds("1.25 s") == nil)
    }

    @Test func readsWeights() {
        #expect(Quantity.weight("50 lb") == .init(kilograms: 22.7, unit: .pounds))
        #expect(Quantity.weight("55lbs") == .init(kilograms: 24.9, unit: .pounds))
        #expect(Quantity.weight("20kg") == .init(kilograms: 20, unit: .kilograms))
        #expect(Quantity.weight("20 kg") == .init(kilograms: 20, unit: .kilograms))
        #expect(Quantity.weight("12.5") == .init(kilograms: 12.5, unit: .none))
        #expect(Quantity.weight("heavy") == nil)
        #expect(Quantity.weight("20 stone") == nil)
    }

    @Test func readsRepTargets() {
        #expect(Quantity.reps("10") == .count(10))
        #expect(Quantity.reps("8-12") == .range(8, 12))
        #expect(Quantity.reps("8 – 12") == .range(8, 12))
        #expect(Quantity.reps("8 to 12") == .range(8, 12))
        #expect(Quantity.reps("AMRAP") == .amrap)
        #expect(Quantity.reps("max") == .amrap)
        #expect(Quantity.reps("30s") == .duration(30))
        #expect(Quantity.reps("a few") == nil)
    }
}

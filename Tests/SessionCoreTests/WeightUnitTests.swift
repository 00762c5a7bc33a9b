import SessionCore
import Testing

/// The weight unit a person reads and types in.
@Suite struct WeightUnitTests {
    @Test func poundsAreShownAndReadBackExactly() {
        #expect(WeightUnit.lb.text(WeightUnit.lb.kilograms(225)) == "225 lb")
        #expect(WeightUnit.lb.read("225") == 102.06)
        #expect(WeightUnit.kg.read("225") == 225)
        #expect(WeightUnit.kg.read("45lb") == 20.41 && WeightUnit.lb.read("20kg") == 20)
        #expect(WeightUnit.kg.text(22.5) == "22.5 kg")
        #expect(WeightUnit.lb.read("heavy") == nil)
    }
}

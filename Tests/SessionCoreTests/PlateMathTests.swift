import Testing

@testable import SessionCore

@Suite struct PlateMathTests {
    @Test func heaviestPlatesFirstOnEachSide() {
        #expect(PlateMath.load(targetKg: 100)?.perSide == [25, 15])
        #expect(PlateMath.load(targetKg: 142.5)?.perSide == [25, 25, 10, 1.25])
        #expect(PlateMath.load(targetKg: 20)?.perSide == [], "the bar alone")
        #expect(PlateMath.load(targetKg: 15) == nil, "lighter than the bar")
    }

    @Test func aWeightThePlatesCannotMakeGivesTheClosestUnder() {
        let loading = PlateMath.load(targetKg: 101, barKg: 20, platesKg: [20, 10, 5])
        #expect(loading?.perSide == [20, 20] && loading?.totalKg == 100)
        #expect(PlateMath.load(targetKg: 60, barKg: 15, platesKg: [10, 10, 2.5])?.perSide == [10, 10, 2.5], "a size listed twice is one size")
    }
}

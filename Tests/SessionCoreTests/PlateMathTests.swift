import Testing

@testable import SessionCore

@Suite struct PlateMathTests {
    private func load(_ target: Double, _ standard: Standard = PlateMath.kilograms) -> PlateMath.Loading? {
        PlateMath.load(target: target, bar: standard.bar, plates: standard.plates)
    }
    typealias Standard = PlateMath.Standard

    @Test func heaviestPlatesFirstOnEachSide() {
        #expect(load(100)?.perSide == [25, 15])
        #expect(load(142.5)?.perSide == [25, 25, 10, 1.25])
        #expect(load(20)?.perSide == [], "the bar alone")
        #expect(load(15) == nil, "lighter than the bar")
    }

    @Test func aPoundGymLoadsPoundPlates() {
        #expect(load(225, PlateMath.pounds)?.perSide == [45, 45], "two plates a side")
        #expect(load(315, PlateMath.pounds)?.perSide == [45, 45, 45])
        #expect(load(185, PlateMath.pounds)?.perSide == [45, 25])
        let odd = load(137.5, PlateMath.pounds)
        #expect(odd?.perSide == [45] && odd?.total == 135, "no 1.25 lb plate: the closest under it")
        #expect(load(140, PlateMath.pounds)?.perSide == [45, 2.5])
        #expect(load(40, PlateMath.pounds) == nil)
    }

    @Test func aWeightThePlatesCannotMakeGivesTheClosestUnder() {
        let loading = PlateMath.load(target: 101, bar: 20, plates: [20, 10, 5])
        #expect(loading?.perSide == [20, 20] && loading?.total == 100)
        #expect(PlateMath.load(target: 60, bar: 15, plates: [10, 10, 2.5])?.perSide == [10, 10, 2.5], "a size listed twice is one size")
        // A target typed with a few decimals a hair under a plate gets that plate.
        #expect(PlateMath.load(target: 29.999_999_9, bar: 20, plates: [5])?.perSide == [5])
    }
}

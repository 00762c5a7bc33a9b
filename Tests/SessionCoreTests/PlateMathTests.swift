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

    /// Weights past any bar's still load, heaviest first, and never trap.
    @Test func aWeightOrPlateTooHeavyToCountInThousandthsLoadsHeaviestFirst() {
        let heavy = PlateMath.load(target: 1e17, bar: 20, plates: [25, 20])
        #expect(heavy?.perSide == Array(repeating: 25, count: PlateMath.maximumPerSide), "\(String(describing: heavy))")
        let hugePlate = PlateMath.load(target: 3e17, bar: 20, plates: [1e17, 25])
        #expect(hugePlate?.perSide.first == 1e17 && hugePlate?.perSide.count == PlateMath.maximumPerSide, "\(String(describing: hugePlate))")
    }

    @Test func aWeightThePlatesCannotMakeGivesTheClosestUnder() {
        let loading = PlateMath.load(target: 101, bar: 20, plates: [20, 10, 5])
        #expect(loading?.perSide == [20, 20] && loading?.total == 100)
        #expect(PlateMath.load(target: 60, bar: 15, plates: [10, 10, 2.5])?.perSide == [10, 10, 2.5], "a size listed twice is one size")
        // A target typed with a few decimals a hair under a plate gets that plate.
        #expect(PlateMath.load(target: 29.999_999_9, bar: 20, plates: [5])?.perSide == [5])
    }

    /// The closest weight not over the target that any combination makes, worked out
    /// here by trying every count of every plate: where heaviest-first misses it (15
    /// leaves 5 that 10 cannot fill, where 10 + 10 makes 20) the loading does not.
    @Test func theClosestCombinationNotOnlyTheHeaviestFirst() {
        #expect(PlateMath.load(target: 60, bar: 20, plates: [15, 10])?.perSide == [10, 10])
        #expect(PlateMath.load(target: 100, bar: 20, plates: [10, 12.5, 20, 20.4])?.perSide == [20, 20])
        #expect(PlateMath.load(target: 200, bar: 20, plates: [2.5])?.perSide == Array(repeating: 2.5, count: PlateMath.maximumPerSide), "what a sleeve holds")
        // Past the exact search (a plate of a thousandth beside 25s), heaviest first, as many as a sleeve holds.
        #expect(PlateMath.load(target: 600, bar: 20, plates: [25, 0.001])?.perSide == Array(repeating: 25, count: PlateMath.maximumPerSide))
        // Every load of at most `maximumPerSide` plates, by weight in thousandths.
        func best(side: Double, plates: [Double]) -> Double {
            var reachable: Set<Int> = [0]
            for _ in 0..<PlateMath.maximumPerSide {
                reachable.formUnion(reachable.flatMap { base in plates.map { base + Int(($0 * 1000).rounded()) } })
            }
            return Double(reachable.filter { Double($0) <= side * 1000 + 1e-3 }.max() ?? 0) / 1000
        }
        for plates in [[15.0, 10], [25, 20, 15, 10, 5, 2.5, 1.25], [20.4, 12.5, 10], [7, 3], [45, 35, 25, 10, 5, 2.5], [11.34, 4.54, 2.27]] {
            for target in stride(from: 20.0, through: 180, by: 3.5) {
                guard let loading = PlateMath.load(target: target, bar: 20, plates: plates) else { continue }
                let side = best(side: (target - 20) / 2, plates: plates)
                #expect(abs(loading.total - (20 + 2 * side)) < 1e-6, "\(plates) for \(target): \(loading.perSide), the best side is \(side)")
                #expect(loading.perSide == loading.perSide.sorted(by: >), "heaviest first")
            }
        }
    }
}

/// Which plates go on each side of a bar for a target weight: the combination closest
/// to it, not over, of at most `maximumPerSide` plates, in the fewest plates, heaviest
/// first, pairs assumed (one plate of a size per side). Unit-free: the
/// target, the bar and the plates are in one unit, kilograms or pounds, as the gym's
/// plates are marked (a pound gym's 45 lb plate is not a whole number of kilograms).
public enum PlateMath {
    /// A gym's usual bar and plates, when the person names none.
    public struct Standard: Sendable, Equatable {
        public let bar: Double
        /// Heaviest first.
        public let plates: [Double]
    }

    /// A kilogram gym: a 20 kg bar; 25, 20, 15, 10, 5, 2.5 and 1.25 kg plates.
    public static let kilograms = Standard(bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25])
    /// A pound gym: a 45 lb bar; 45, 35, 25, 10, 5 and 2.5 lb plates.
    public static let pounds = Standard(bar: 45, plates: [45, 35, 25, 10, 5, 2.5])

    public struct Loading: Sendable, Equatable {
        /// Plates on one side, heaviest first.
        public let perSide: [Double]
        /// Bar plus both sides: the target, or the closest weight under it these plates make.
        public let total: Double
    }

    /// The loading for `target` on a `bar` with plates of `plates` sizes, all in one
    /// unit; nil when the target is lighter than the bar. Each side gets the heaviest
    /// load these plates make that is not over half of what the bar leaves: the target
    /// itself when any combination makes it (20 + 10 + 10 a side, not 15 and a gap),
    /// in the fewest plates, heavier ones first among as few.
    public static func load(target: Double, bar: Double, plates: [Double]) -> Loading? {
        // Typed weights carry a few decimals: a hair under a plate is that plate.
        let tolerance = 1e-6
        guard target + tolerance >= bar else { return nil }
        let sizes = Set(plates.filter { $0 > 0 }).sorted(by: >)
        let side = (target - bar) / 2 + tolerance
        let perSide = closest(under: side, sizes: sizes) ?? heaviestFirst(under: side, sizes: sizes)
        return Loading(perSide: perSide, total: bar + 2 * perSide.reduce(0, +))
    }

    /// Plates a side may hold, at most: what a sleeve takes (36 plates of 2.5 lb make 90
    /// lb exactly, and no bar holds them).
    public static let maximumPerSide = 10

    /// Weights a side is worked out for exactly, in the plates' common step, at most:
    /// past it (plates of odd sizes on a very heavy bar) the heaviest-first loading.
    static let exactSteps = 200_000

    /// The heaviest combination of `sizes` (heaviest first) not over `side` and of at
    /// most `maximumPerSide` plates: every weight up to it, in thousandths over the
    /// plates' common step, with the fewest plates that make it; nil past `exactSteps`.
    static func closest(under side: Double, sizes: [Double]) -> [Double]? {
        // A plate under a thousandth of the unit weighs nothing here.
        let sizes = sizes.filter { $0 >= 0.0005 }
        // Plates too heavy to count in thousandths here are loaded heaviest first.
        let thousandths = sizes.compactMap { Checked.int($0 * 1000, in: 1...Int(Int32.max)) }
        guard thousandths.count == sizes.count else { return nil }
        let step = thousandths.reduce(0, gcd)
        guard step > 0, let heaviest = thousandths.first else { return [] }
        // No side holds more than `maximumPerSide` of the heaviest.
        let most = maximumPerSide * heaviest
        let limit = (side * 1000 < Double(most) ? Int((side * 1000).rounded(.down)) : most) / step
        guard limit <= exactSteps else { return nil }
        let steps = thousandths.map { $0 / step }
        // For each weight, the plates that make it (indices into `sizes`, ascending:
        // heaviest first), nil when none do in `maximumPerSide` or fewer.
        var made: [[Int]?] = Array(repeating: nil, count: limit + 1)
        made[0] = []
        for weight in stride(from: 1, through: limit, by: 1) {
            for (index, size) in steps.enumerated() where size <= weight {
                guard let rest = made[weight - size], rest.count < maximumPerSide else { continue }
                let candidate = (rest + [index]).sorted()
                if let known = made[weight], known.count < candidate.count || known.count == candidate.count && !candidate.lexicographicallyPrecedes(known) {
                    continue
                }
                made[weight] = candidate
            }
        }
        let reached = made.lastIndex { $0 != nil } ?? 0
        return (made[reached] ?? []).map { sizes[$0] }
    }

    /// As many of each size as fit, heaviest first, up to `maximumPerSide`.
    static func heaviestFirst(under side: Double, sizes: [Double]) -> [Double] {
        var remaining = side
        var perSide: [Double] = []
        for plate in sizes {
            while remaining >= plate, perSide.count < maximumPerSide {
                perSide.append(plate)
                remaining -= plate
            }
        }
        return perSide
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

/// Which plates go on each side of a bar for a target weight: the heaviest first, as
/// many of each as fit, pairs assumed (one plate of a size per side). Unit-free: the
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
    /// unit; nil when the target is lighter than the bar.
    public static func load(target: Double, bar: Double, plates: [Double]) -> Loading? {
        // Typed weights carry a few decimals: a hair under a plate is that plate.
        let tolerance = 1e-6
        guard target + tolerance >= bar else { return nil }
        var remaining = (target - bar) / 2
        var perSide: [Double] = []
        for plate in Set(plates.filter { $0 > 0 }).sorted(by: >) {
            while remaining + tolerance >= plate {
                perSide.append(plate)
                remaining -= plate
            }
        }
        return Loading(perSide: perSide, total: bar + 2 * perSide.reduce(0, +))
    }
}

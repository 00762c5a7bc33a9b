/// Which plates go on each side of a bar for a target weight: the heaviest first, as
/// many of each as fit, pairs assumed (one plate of a size per side).
public enum PlateMath {
    /// A gym's usual plates, when the profile names none.
    public static let standardPlatesKg: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]
    public static let standardBarKg = 20.0

    public struct Loading: Sendable, Equatable {
        /// Plates on one side, heaviest first.
        public let perSide: [Double]
        /// Bar plus both sides: the target, or the closest weight under it these plates make.
        public let totalKg: Double
    }

    /// The loading for `targetKg` on a `barKg` bar with plates of `platesKg` sizes; nil
    /// when the target is lighter than the bar.
    public static func load(targetKg: Double, barKg: Double = standardBarKg, platesKg: [Double] = standardPlatesKg) -> Loading? {
        guard targetKg >= barKg else { return nil }
        var remaining = (targetKg - barKg) / 2
        var perSide: [Double] = []
        for plate in Set(platesKg.filter { $0 > 0 }).sorted(by: >) {
            while remaining + 1e-9 >= plate {
                perSide.append(plate)
                remaining -= plate
            }
        }
        return Loading(perSide: perSide, totalKg: barKg + 2 * perSide.reduce(0, +))
    }
}

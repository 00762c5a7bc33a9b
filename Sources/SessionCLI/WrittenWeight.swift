import ArgumentParsing
import SessionCore

/// A weight as a person wrote it for an option or a set: its number and the unit
/// written with it, nil for a bare number, which is in the person's units (kg or lb,
/// `Console.units`). Whether a text reads as a weight does not depend on those units,
/// so it is read with the arguments; what it weighs is worked out where the command
/// runs, with the console's units, as a `WrittenTime` is placed against the clock.
struct WrittenWeight: Sendable, Equatable {
    /// The number as written; below zero for assistance taken off the body (-20), 0
    /// for the body alone (bw).
    let number: Double
    /// The unit written with it; nil for a bare number.
    let unit: WeightUnit?

    /// A weight of `number` in `unit` (nil: the person's).
    init(number: Double, unit: WeightUnit?) {
        self.number = number
        self.unit = unit
    }

    /// A weight without a sign: "24", "24kg", "55lb", "55 lbs", "7,5" with a decimal
    /// comma; nil for anything else.
    init?(_ text: String) {
        let word = SetNotation.normalised(text)
        guard let weight = Quantity.weight(word), let (number, _) = Quantity.splitNumber(word) else { return nil }
        switch weight.unit {
        case .none: self.init(number: number, unit: nil)
        case .kilograms: self.init(number: number, unit: .kg)
        case .pounds: self.init(number: number, unit: .lb)
        }
    }

    /// A load: a weight, one added to the body ("+5", "+5kg"), assistance taken off it
    /// ("-20"), or the body alone ("bw", 0); nil for anything else.
    init?(load text: String) {
        let word = SetNotation.normalised(text)
        if SetNotation.bodyWeightWords.contains(word) {
            self.init(number: 0, unit: nil)
            return
        }
        guard let sign = word.first, sign == "+" || sign == "-" else {
            self.init(word)
            return
        }
        let magnitude = String(word.dropFirst())
        guard magnitude.first?.isNumber == true, let weight = WrittenWeight(magnitude) else { return nil }
        self.init(number: sign == "-" ? -weight.number : weight.number, unit: weight.unit)
    }

    /// What it weighs in kilograms, a bare number read in `units`; pounds to 0.01 kg,
    /// so that 225 lb shows as 225 lb again (`WeightUnit.kilograms`).
    func kilograms(units: WeightUnit) -> Double {
        (unit ?? units).kilograms(number)
    }

    /// What it weighs in `units`: as written for a bare number or one in `units`, one
    /// in the other unit converted to 0.01 (`WeightUnit.amount`): plates are counted
    /// in the unit they are marked in.
    func amount(in units: WeightUnit) -> Double {
        switch (unit, units) {
        case (nil, _), (.kg?, .kg), (.lb?, .lb): return number
        case (.kg?, .lb): return units.value(hundredthsOf: number)
        case (.lb?, .kg): return WeightUnit.lb.kilograms(number)
        }
    }
}

extension OptionValue where Value == WrittenWeight {
    /// A weight without a sign (`WrittenWeight.init(_:)`): 24, 24kg, 7,5, 55lb.
    static var weight: OptionValue {
        OptionValue(expected: "must be kilograms or pounds such as 24, 24kg, 7,5 or 55lb") { WrittenWeight($0) }
    }

    /// A set's load (`WrittenWeight.init(load:)`): a weight, +5 added to the body, -20
    /// assisted, or bw.
    static var load: OptionValue {
        OptionValue(expected: "must be kilograms or pounds such as 24, 24kg, 7,5 or 55lb (+5 added to the body, -20 assisted, bw)") {
            WrittenWeight(load: $0)
        }
    }

    /// A planned exercise's load: a set's load, or none (0, as bw: no load).
    static var plannedLoad: OptionValue {
        OptionValue(expected: "must be kilograms or pounds such as 24, 24kg, 7,5 or 55lb (+5 added to the body, -20 assisted, none or bw: no load)") {
            $0.trimmingWhitespace().lowercased() == "none" ? WrittenWeight(number: 0, unit: nil) : WrittenWeight(load: $0)
        }
    }
}

extension OptionValue where Value == [WrittenWeight] {
    /// Weights above zero, comma-separated (10,12.5,20kg,45lb: no decimal comma, the
    /// comma parts them); an empty item is skipped when `skippingEmpty` (an empty text
    /// is then an empty list), else refused. A bad one is quoted in the error.
    static func weights(skippingEmpty: Bool, expected: @autoclosure @escaping @Sendable () -> String) -> OptionValue {
        OptionValue<WrittenWeight>.weight.filtered { $0.number > 0 }.list(skippingEmpty: skippingEmpty, expected: expected())
    }
}

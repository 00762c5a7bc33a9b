/// The unit a person reads and types weights in: kilograms or pounds. The daemon and
/// every --json output keep kilograms; this is display and bare numbers only. sessionctl
/// chooses it from `$SESSIOND_UNITS`, else `units =` in the config file, else kilograms.
public enum WeightUnit: String, Sendable, CaseIterable {
    case kg, lb

    /// "kg", "kgs", "lb", "lbs", "pounds", any case.
    public init?(parsing text: String) {
        switch text.trimmingWhitespace().lowercased() {
        case "kg", "kgs", "kilogram", "kilograms", "metric": self = .kg
        case "lb", "lbs", "pound", "pounds", "imperial": self = .lb
        default: return nil
        }
    }

    /// Kilograms in this unit, unrounded.
    public func value(_ kilograms: Double) -> Double {
        self == .kg ? kilograms : kilograms / PlanLimits.kilogramsPerPound
    }

    /// Kilograms in this unit, to 0.01: a weight counted where the plates are marked in
    /// this unit (20 kg is 44.09 lb).
    public func value(hundredthsOf kilograms: Double) -> Double { (value(kilograms) * 100).rounded() / 100 }

    /// Kilograms in this unit as a person reads them: to 0.1 ("22.5", "220.5" for
    /// 100 kg, 25 for the 24.95 kg of 55 lb), but a weight of whole quarters as it is
    /// ("61.25", "1.25": what micro plates make), within what keeping kilograms to 0.01
    /// leaves of a weight typed in pounds (2.25 lb is kept as 1.02 kg, 2.2487 lb).
    public func number(_ kilograms: Double) -> String {
        let quarters = value(kilograms) * 4
        if abs(quarters - quarters.rounded()) < 0.05 { return NumberText.format(quarters.rounded() / 4) }
        return NumberText.format((value(kilograms) * 10).rounded() / 10)
    }

    /// Kilograms with this unit's name, thousands grouped as every count is: "100 kg",
    /// "220.5 lb", "4,290 kg" (a session's volume).
    public func text(_ kilograms: Double) -> String { named(number(kilograms)) }

    /// `digits` with this unit's name, thousands grouped.
    private func named(_ digits: String) -> String {
        let whole = digits.prefix { $0 != "." && $0 != "e" }
        guard let integer = Int(whole), abs(integer) >= 1000 else { return digits + " " + rawValue }
        return NumberText.grouped(integer) + digits.dropFirst(whole.count) + " " + rawValue
    }

    /// A volume (reps × weight, summed) with this unit's name, to the nearest whole unit,
    /// thousands grouped: "2,743 kg", "4,320 lb". Every volume a person reads is worded
    /// so — a set's, a session's, a week's, a record's, the prompt's — so that one figure
    /// reads the same in every command (`--json` keeps them unrounded).
    public func volumeText(_ kilograms: Double) -> String { NumberText.grouped(value(kilograms)) + " " + rawValue }

    /// An estimate (an e1RM) with this unit's name, to 0.1 and never snapped to a
    /// quarter as a weight on the bar is: "68.8 kg" wherever the estimate is shown, as the
    /// prompt words it.
    public func estimateText(_ kilograms: Double) -> String { named(NumberText.format((value(kilograms) * 10).rounded() / 10)) }

    /// A number a person typed in this unit, in kilograms: pounds to 0.01 kg, so that
    /// 225 lb shows as 225 lb again (a plan's pounds keep their 0.1 kg).
    public func kilograms(_ value: Double) -> Double {
        self == .kg ? value : (value * PlanLimits.kilogramsPerPound * 100).rounded() / 100
    }

    /// A weight a person typed, in this unit: a bare number, or one in this unit, as
    /// typed (225 stays 225, where its kilograms would come back as 225.004); one in the
    /// other unit converted, to 0.01. Nil when the text is not a weight.
    public func amount(_ text: String) -> Double? {
        guard let weight = Quantity.weight(text), let (number, _) = Quantity.splitNumber(text) else { return nil }
        switch (weight.unit, self) {
        case (.none, _), (.kilograms, .kg), (.pounds, .lb): return number
        case (.kilograms, .lb): return value(hundredthsOf: number)
        case (.pounds, .kg): return WeightUnit.lb.kilograms(number)
        }
    }

    /// A weight a person typed — "24", "24kg", "55lb", "55 lbs" — in kilograms; a bare
    /// number is in this unit. Nil when the text is not a weight.
    public func read(_ text: String) -> Double? {
        guard let weight = Quantity.weight(text) else { return nil }
        switch weight.unit {
        case .none: return kilograms(weight.kilograms)
        case .kilograms: return weight.kilograms
        case .pounds:
            guard let (pounds, _) = Quantity.splitNumber(text) else { return nil }
            return WeightUnit.lb.kilograms(pounds)
        }
    }
}

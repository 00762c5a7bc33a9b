import SessionCore

/// The units health exports write a quantity in, read into the one sessiond keeps for
/// it (`HealthType`): what the Apple Health and Health Auto Export readers share.
enum HealthUnits {
    /// `number`, written in `unit`, in the unit `kind` is kept in; nil for a unit not
    /// known for it (a body mass in stone is converted, one in furlongs is no mass).
    /// A body mass without a unit is taken as kilograms.
    static func value(_ number: Double, of kind: HealthDays.Kind, unit: String) -> Double? {
        switch kind {
        case .bodyMassKg:
            switch unit.lowercased() {
            case "", "kg": return number
            case "lb", "lbs": return number * PlanLimits.kilogramsPerPound
            case "g": return number / 1000
            // A stone is 14 pounds, an ounce a sixteenth of one.
            case "st": return number * 14 * PlanLimits.kilogramsPerPound
            case "oz": return number * PlanLimits.kilogramsPerPound / 16
            default: return nil
            }
        case .restingHeartRate: return unit.lowercased() == "count/s" ? number * 60 : number
        // A fraction, "%" as its unit.
        case .bodyFatPercent: return number <= 1 ? number * 100 : number
        case .asleep, .inBed, .steps, .hrv: return number
        }
    }
}

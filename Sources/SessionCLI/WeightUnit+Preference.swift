import ArgumentParsing
import SessionCore

extension WeightUnit {
    /// The preference of this environment; a bad value is a usage error naming where
    /// it came from.
    static func resolve(environment: [String: String], config: () throws -> UserConfig) throws -> WeightUnit {
        if let text = environment["SESSIOND_UNITS"], !text.isEmpty {
            guard let unit = WeightUnit(parsing: text) else { throw UsageError("SESSIOND_UNITS must be kg or lb, got \"\(text)\"") }
            return unit
        }
        return try config().units ?? .kg
    }
}

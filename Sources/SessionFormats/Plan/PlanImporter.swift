import JSON
import SessionCore

/// The typed boundary between a model's output and the stored plan: strict validation,
/// normalisation in code, and a warning for every change.
public enum PlanImporter {
    /// Imports raw model output: one JSON value, possibly inside markdown fences or prose.
    public static func importPlan(text: String, options: PlanImportOptions) throws(PlanImportError) -> ImportedPlan {
        switch ModelOutput.extract(text) {
        case .json(let value):
            return try importPlan(json: value, options: options)
        case .embedded(let value):
            let note = PathMessage(path: "$", message: "took the one JSON value out of the surrounding text (markdown fences and prose removed)")
            return try importPlan(json: value, options: options, leadingWarnings: [note])
        case .none:
            throw PlanImportError(errors: [PathMessage(path: "$", message: "not a plan: the text contains no JSON object or array")])
        case .truncated(let place):
            throw PlanImportError(errors: [PathMessage(path: "$", message: "cut off: the JSON value that opens at \(place) never closes; the reply ended early (too few output tokens?), and nothing of it is imported")])
        case .syntax(let place, let reason):
            throw PlanImportError(errors: [PathMessage(path: "$", message: "JSON syntax error at \(place): \(reason)")])
        case .several(let count):
            throw PlanImportError(errors: [PathMessage(path: "$", message: "ambiguous: the text contains \(count) JSON values; expected exactly one plan")])
        }
    }

    /// Imports a JSON value: a plan object or a bare array of day schedules. A JSON
    /// string is read as raw model output.
    public static func importPlan(json: JSONValue, options: PlanImportOptions) throws(PlanImportError) -> ImportedPlan {
        if case .string(let text) = json { return try importPlan(text: text, options: options) }
        return try importPlan(json: json, options: options, leadingWarnings: [])
    }

    private static func importPlan(json: JSONValue, options: PlanImportOptions, leadingWarnings: [PathMessage]) throws(PlanImportError) -> ImportedPlan {
        var reader = PlanReader(options: options)
        reader.warnings = leadingWarnings
        let plan = reader.readPlan(json)
        guard let plan, reader.errors.isEmpty else {
            throw PlanImportError(errors: reader.errors)
        }
        return ImportedPlan(plan: plan, warnings: reader.warnings)
    }
}

import JSON
import SessionCore

extension PlanReader {
    /// A name or title: trimmed, whitespace collapsed (with a warning when that changed
    /// it), at most `PlanLimits.nameLength` characters. Missing or empty: the fallback.
    mutating func readName(_ value: JSONValue?, path: JSONPath, fallback: String, what: String) -> String {
        guard let value, !value.isNull else {
            warn(path, "missing: \(what) set to \"\(fallback)\"", .defaulted)
            return fallback
        }
        guard let text = value.stringValue else {
            fail(path, "must be a string, got \(value.typeDescription)")
            return fallback
        }
        let name = normalisedName(text, path: path)
        if name.isEmpty {
            warn(path, "empty: \(what) set to \"\(fallback)\"", .defaulted)
            return fallback
        }
        return name
    }

    /// An exercise or warm-up name, which has no fallback.
    mutating func readRequiredName(_ value: JSONValue, path: JSONPath) -> String? {
        guard let text = value.stringValue else {
            fail(path, "must be a string, got \(value.typeDescription)")
            return nil
        }
        let name = normalisedName(text, path: path)
        guard !name.isEmpty else {
            fail(path, "an exercise needs a name")
            return nil
        }
        return name
    }

    private mutating func normalisedName(_ text: String, path: JSONPath) -> String {
        let name = text.collapsingWhitespace()
        if name.count > PlanLimits.nameLength {
            fail(path, "must be at most \(PlanLimits.nameLength) characters, got \(name.count)")
        } else if name != text, !name.isEmpty {
            warn(path, "whitespace trimmed: \(JSONValue.string(text).jsonText) → \(JSONValue.string(name).jsonText)", .whitespace)
        }
        return name
    }

    /// A description or notes: a text, or a list of texts (a model's `"tips": […]`),
    /// joined with "; " and said in a warning; a joined list longer than the bound is
    /// cut with the rest of what import added (`describe`), not refused.
    mutating func readDescription(_ value: JSONValue?, path: JSONPath) -> String? {
        guard let value, !value.isNull else { return nil }
        if let items = value.arrayValue {
            let texts = items.compactMap { $0.stringValue ?? $0.numberValue.map { JSONValue.format(number: $0) } }
            guard texts.count == items.count else {
                fail(path, "must be a string or a list of strings, got \(value.typeDescription)")
                return nil
            }
            let joined = texts.map { $0.collapsingWhitespace() }.filter { !$0.isEmpty }.joined(separator: "; ")
            warn(path, "a list of \(items.count) texts where a text is expected: joined into the description", .structure)
            return joined.isEmpty ? nil : joined
        }
        guard let text = value.stringValue else {
            fail(path, "must be a string, got \(value.typeDescription)")
            return nil
        }
        let description = text.collapsingWhitespace()
        if description.count > PlanLimits.descriptionLength {
            fail(path, "must be at most \(PlanLimits.descriptionLength) characters, got \(description.count)")
            return nil
        }
        if description != text { warn(path, "whitespace trimmed", .whitespace) }
        return description.isEmpty ? nil : description
    }

    mutating func failRange(_ path: JSONPath, _ range: ClosedRange<Int>, got value: JSONValue) {
        fail(path, "must be an integer from \(range.lowerBound) to \(range.upperBound), got \(value.jsonText)")
    }

    /// An integer within `range`; a number written as a string is read with a warning.
    mutating func readInteger(_ value: JSONValue, path: JSONPath, range: ClosedRange<Int>) -> Int? {
        var number = value.intValue
        if case .string(let text) = value, let parsed = Int(text.trimmingWhitespace()) {
            number = parsed
        }
        guard let number, range.contains(number) else {
            failRange(path, range, got: value)
            return nil
        }
        if case .string = value { warn(path, "number given as a string", .numberAsString) }
        return number
    }

    /// Seconds within `range`: a number, or text such as "90", "90s", "1:30", "2 min".
    mutating func readSeconds(_ value: JSONValue, path: JSONPath, range: ClosedRange<Int>) -> Int? {
        let message = "must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)"
        if case .number = value {
            guard let seconds = value.intValue, range.contains(seconds) else {
                fail(path, "\(message), got \(value.jsonText)")
                return nil
            }
            return seconds
        }
        guard let text = value.stringValue, let (seconds, upper) = Prescription.seconds(text) else {
            fail(path, "\(message) (or text such as \"90s\", \"1:30\" or \"2-3 min\"), got \(value.jsonText)")
            return nil
        }
        guard range.contains(seconds) else {
            fail(path, "\(message), got \(value.jsonText) (\(seconds) s)")
            return nil
        }
        if let upper {
            warn(path, "a range \(value.jsonText) read as \(seconds) seconds, the lower end (up to \(upper))", .prescription)
        } else {
            warn(path, "\(value.jsonText) read as \(seconds) seconds", Int(text.trimmingWhitespace()) == nil ? .textRead : .numberAsString)
        }
        return seconds
    }

    /// Kilograms within `PlanLimits.weightKg`, rounded to 0.1 kg when converted from
    /// pounds. `unitless`: a bare number names no unit (the `weight` key): it is read in
    /// the person's unit (`PlanImportOptions.bareWeightInPounds`), with a warning. Text
    /// may be a prescription ("20-24 kg", "2x20 kg", "BW + 10 kg"): its number is read and
    /// the rest goes to `notes`; a weight without a number ("70% 1RM", "moderate",
    /// "Heavy") is only a note, and "None" no weight.
    mutating func readKilograms(_ value: JSONValue, path: JSONPath, unitless: Bool, notes: inout [String]) -> Double? {
        switch value {
        case .null:
            return nil
        case .number(let number):
            guard !unitless else { return bareWeight(number, value: value, path: path) }
            let rounded = (number * 100).rounded() != number * 100 ? (number * 100).rounded() / 100 : number
            return checkedKilograms(rounded, value: value, path: path)
        case .string(let text):
            guard let reading = Prescription.weight(text) else {
                fail(path, "must be a weight such as 20, \"20 kg\" or \"45 lb\", got \(value.jsonText)")
                return nil
            }
            switch reading {
            case .bodyweight:
                warn(path, "\(value.jsonText) read as no added weight", .textRead)
                return nil
            case .noWeight:
                warn(path, "\(value.jsonText) read as no weight", .textRead)
                return nil
            case .described(let description):
                notes.append(description)
                warn(path, "\(value.jsonText) has no number: kept in the description, no weight", .prescription)
                return nil
            case .kilograms(let kilograms, let unit, let note):
                if unit == .none, unitless, note == nil { return bareWeight(kilograms, value: value, path: path) }
                if let note {
                    notes.append(note)
                    warn(path, "\(value.jsonText) read as \(JSONValue.format(number: kilograms)) kg, \"\(note)\" kept in the description", .prescription)
                } else {
                    warn(path, "\(value.jsonText) \(unit == .pounds ? "converted to" : "read as") \(JSONValue.format(number: kilograms)) kg",
                         unit == .none ? .numberAsString : .converted)
                }
                return checkedKilograms(kilograms, value: value, path: path)
            }
        default:
            fail(path, "must be a number of kilograms, got \(value.typeDescription)")
            return nil
        }
    }

    /// A weight without a unit, in the person's unit (kilograms unless they prefer
    /// pounds), said in a warning at its path.
    mutating func bareWeight(_ number: Double, value: JSONValue, path: JSONPath) -> Double? {
        let pounds = options.bareWeightInPounds
        let kilograms = pounds ? Quantity.poundsToKilograms(number) : (number * 100).rounded() / 100
        warn(path, "\(value.jsonText) has no unit: read in yours, as \(JSONValue.format(number: number)) \(pounds ? "lb = \(JSONValue.format(number: kilograms)) kg" : "kg")",
             pounds ? .converted : .numberAsString)
        return checkedKilograms(kilograms, value: value, path: path)
    }

    /// Kilograms within `PlanLimits.weightKg`, else an error.
    mutating func checkedKilograms(_ kilograms: Double, value: JSONValue, path: JSONPath) -> Double? {
        let limits = PlanLimits.weightKg
        guard limits.contains(kilograms) else {
            fail(path, "must be from \(JSONValue.format(number: limits.lowerBound)) to \(JSONValue.format(number: limits.upperBound)) kg, got \(JSONValue.format(number: kilograms))")
            return nil
        }
        return kilograms
    }
}

import JSON

extension PlanReader {
    /// A name or title: trimmed, whitespace collapsed (with a warning when that changed
    /// it), at most `PlanLimits.nameLength` characters. Missing or empty: the fallback.
    mutating func readName(_ value: JSONValue?, path: JSONPath, fallback: String, what: String) -> String {
        guard let value, !value.isNull else {
            warn(path, "missing: \(what) set to \"\(fallback)\"")
            return fallback
        }
        guard let text = value.stringValue else {
            fail(path, "must be a string, got \(value.typeDescription)")
            return fallback
        }
        let name = normalisedName(text, path: path)
        if name.isEmpty {
            warn(path, "empty: \(what) set to \"\(fallback)\"")
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
            warn(path, "whitespace trimmed: \(JSONValue.string(text).jsonText) → \(JSONValue.string(name).jsonText)")
        }
        return name
    }

    mutating func readDescription(_ value: JSONValue?, path: JSONPath) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue else {
            fail(path, "must be a string, got \(value.typeDescription)")
            return nil
        }
        let description = text.collapsingWhitespace()
        if description.count > PlanLimits.descriptionLength {
            fail(path, "must be at most \(PlanLimits.descriptionLength) characters, got \(description.count)")
            return nil
        }
        if description != text { warn(path, "whitespace trimmed") }
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
        if case .string = value { warn(path, "number given as a string") }
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
        guard let text = value.stringValue, let seconds = Quantity.seconds(text) else {
            fail(path, "\(message) (or text such as \"90s\" or \"1:30\"), got \(value.jsonText)")
            return nil
        }
        guard range.contains(seconds) else {
            fail(path, "\(message), got \(value.jsonText) (\(seconds) s)")
            return nil
        }
        warn(path, "\(value.jsonText) read as \(seconds) seconds")
        return seconds
    }

    /// Kilograms within `PlanLimits.weightKg`, rounded to 0.1 kg when converted from
    /// pounds. `unitRequired`: a bare number is ambiguous (the `weight` key).
    mutating func readKilograms(_ value: JSONValue, path: JSONPath, unitRequired: Bool) -> Double? {
        let limits = PlanLimits.weightKg
        let rangeText = "from \(JSONValue.format(number: limits.lowerBound)) to \(JSONValue.format(number: limits.upperBound)) kg"
        var kilograms: Double
        switch value {
        case .null:
            return nil
        case .number(let number):
            guard !unitRequired else {
                fail(path, "a weight without a unit is ambiguous: use \"weightKg\" or text such as \"50 lb\"")
                return nil
            }
            kilograms = number
        case .string(let text):
            let lowered = text.trimmingWhitespace().lowercased()
            if ["bodyweight", "body weight", "bw", "none", ""].contains(lowered) {
                warn(path, "\(value.jsonText) read as no added weight")
                return nil
            }
            guard let weight = Quantity.weight(text) else {
                fail(path, "must be a weight such as 20, \"20 kg\" or \"45 lb\", got \(value.jsonText)")
                return nil
            }
            if weight.unit == .none, unitRequired {
                fail(path, "a weight without a unit is ambiguous: use \"weightKg\" or text such as \"50 lb\"")
                return nil
            }
            kilograms = weight.kilograms
            let unitNote = weight.unit == .pounds ? "converted to" : "read as"
            warn(path, "\(value.jsonText) \(unitNote) \(JSONValue.format(number: kilograms)) kg")
        default:
            fail(path, "must be a number of kilograms, got \(value.typeDescription)")
            return nil
        }
        guard limits.contains(kilograms) else {
            fail(path, "must be \(rangeText), got \(JSONValue.format(number: kilograms))")
            return nil
        }
        if case .number = value, (kilograms * 100).rounded() != kilograms * 100 {
            kilograms = (kilograms * 100).rounded() / 100
        }
        return kilograms
    }
}

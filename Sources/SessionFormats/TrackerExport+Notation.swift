import JSON
import SessionCore

extension UnsafeBufferPointer<UInt8> {
    /// True when the bytes are one of `words` (lowercase ASCII) in any case, compared
    /// byte by byte without building a lowercased copy.
    func isASCIIWord(in words: [String]) -> Bool {
        words.contains { word in
            var word = word
            return word.withUTF8 { word in
                word.count == count && zip(word, self).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
            }
        }
    }
}

/// The date, time and duration notations of the exports.
enum HistoryDates {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let frenchMonths = ["janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"]

    /// `2017-05-12 19:00:00`, `2026-04-24T09:40`, `8 Apr 2026, 16:50`, `8 avr. 2026 16:50`.
    static func dateTime(_ text: String) -> LocalDateTime? {
        if let value = LocalDateTime(text) { return value }
        let words = text.replacingOccurrences(",", " ").replacingOccurrences(".", " ").split(separator: " ")
        guard words.count == 4, let day = Int(words[0]), let year = Int(words[2]) else { return nil }
        let month = words[1].lowercased()
        guard let index = months.firstIndex(where: { month.hasPrefix($0) }) ?? frenchMonths.firstIndex(where: { month.hasPrefix($0) || $0.hasPrefix(month) }),
            let date = LocalDate(year: year, month: index + 1, day: day)
        else { return nil }
        return LocalDateTime("\(date) \(words[3])")
    }

    /// `47h 52m`, as a person reads a long duration.
    static func hoursAndMinutes(_ seconds: Int) -> String {
        "\(seconds / 3600)h \(seconds % 3600 / 60)m"
    }

    static func seconds(from start: LocalDateTime, to end: LocalDateTime) -> Int? {
        let seconds = (end.date.daysSinceEpoch - start.date.daysSinceEpoch) * 86_400 + end.secondOfDay - start.secondOfDay
        return seconds >= 0 ? seconds : nil
    }

    /// `56m`, `1h 2m`, `35min`, `1h 2min`, `1h`, `45s`, or plain seconds; nil for
    /// anything else, a sign included (`-5m` is no duration). Beyond a million
    /// hours or seconds a duration is no duration (and would not fit the arithmetic).
    static func duration(_ text: String) -> Int? {
        if let seconds = text.decimalValue, seconds >= 0 { return seconds < 1e9 ? Int(seconds.rounded()) : nil }
        var total = 0
        var digits = ""
        var matched = false
        // True within a unit's word (the "in" of "min"): its letters are the unit's.
        var inUnit = false
        for character in text.lowercased() + " " {
            if character.isNumber {
                digits.append(character)
                inUnit = false
                continue
            }
            if character == " " && digits.isEmpty {
                inUnit = false
                continue
            }
            // Anything else before a number ("-5m", "x5m") is no duration.
            if digits.isEmpty {
                guard inUnit, character.isLetter else { return nil }
                continue
            }
            // A number's unit.
            guard let value = Int(digits), value <= 1_000_000 else { return nil }
            switch character {
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            digits = ""
            matched = true
            inUnit = true
        }
        return matched ? total : nil
    }
}

extension TrackerExport.Format {
    /// The formats `TrackerExport.write` writes (a FIT file is only read).
    public static let written: [Self] = allCases.filter { $0 != .fit }

    /// `strong|hevy|json|fit`, as a usage line writes the choices.
    public static func choices(_ formats: [Self] = allCases) -> String { formats.map { $0.rawValue }.joined(separator: "|") }
    /// "strong, hevy, json or fit".
    public static func spelledOut(_ formats: [Self] = allCases) -> String {
        let names = formats.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

import SessionCore
import SessionMacros

/// A plan as an iCalendar file (RFC 5545) a calendar app subscribes to or imports: one
/// event per training day at a chosen local time, the exercises in its description, a
/// reminder before it. UIDs come from the training date, so exporting again (a new plan
/// for the week, another time) updates the events instead of adding copies.
@Memberwise
public struct ICalendar {
    /// Local wall-clock start, seconds after midnight.
    public var startSecond: Int = 18 * 3600
    /// How long each event lasts.
    public var durationMinutes: Int = 60
    /// How long before an event its reminder goes off.
    public var reminderMinutes: Int = 30
    /// `DTSTAMP`: when the file was made, UTC.
    public var stampMs: Int64 = 0
    /// The unit of weights in the descriptions.
    public var unit: WeightUnit = .kg
    /// Unix time in milliseconds of a wall-clock time in the daemon's zone: events are
    /// written in UTC, so a calendar anywhere shows them at the daemon's time. The
    /// caller gives it (sessionctl reads the zone's rules), so that this stays text
    /// from values with no clock read.
    public var instant: (LocalDateTime) -> Int64

    /// A training day: its date, title, warm-up and exercises.
    @Memberwise
    public struct Event: Equatable {
        /// The day's date.
        public var date: LocalDate
        /// The event's summary.
        public var title: String
        /// The plan's day: its warm-up and exercises make the description.
        public var day: PlanDay
    }

    /// The plan's week: one event per training day of it.
    public func file(for plan: Plan) -> String {
        file(name: plan.name, events: plan.days.map { Event(date: $0.date, title: $0.title, day: $0) })
    }

    /// A calendar called `name` of `events`; rest days and days without exercises are
    /// left out.
    public func file(name: String, events: [Event]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sessiond//plan export//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:" + Self.escape(name)]
        let stamp = Self.utc(stampMs)
        for event in events where !event.day.rest && !event.day.exercises.isEmpty {
            let day = event.day
            let start = LocalDateTime(date: event.date, secondOfDay: startSecond)
            let end = LocalDateTime(secondsAfter: start, durationMinutes * 60)
            var description = day.exercises.map { "\($0.name): " + PlanText.prescription($0, unit: unit) }
            if !day.warmup.isEmpty { description.insert("Warm-up: " + day.warmup.map(\.name).joined(separator: ", "), at: 0) }
            lines += [
                "BEGIN:VEVENT",
                "UID:" + Self.compact(event.date) + "-training@sessiond",
                "DTSTAMP:" + stamp,
                "DTSTART:" + Self.utc(instant(start)),
                "DTEND:" + Self.utc(instant(end)),
                "SUMMARY:" + Self.escape(event.title),
                "DESCRIPTION:" + Self.escape(description.joined(separator: "\n")),
                "CATEGORIES:Training",
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:" + Self.escape(event.title),
                "TRIGGER:-PT\(reminderMinutes)M",
                "END:VALARM",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, line breaks.
    static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\n", "\r\n": output += "\\n"
            case "\r": break
            default: output.append(character)
            }
        }
        return output
    }

    /// Lines longer than 75 octets continue on the next line after a space (§3.1),
    /// never splitting a UTF-8 character.
    static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result
    }

    /// "20261130": a date as iCalendar's DATE writes it.
    static func compact(_ date: LocalDate) -> String {
        String(date.description.filter { $0 != "-" })
    }

    /// "20261130T183000": a wall-clock time as iCalendar's DATE-TIME writes it.
    static func local(_ time: LocalDateTime) -> String {
        String(time.description.filter { $0 != "-" && $0 != ":" })
    }

    /// A Unix time in milliseconds as a UTC DATE-TIME: "20261130T173000Z".
    static func utc(_ ms: Int64) -> String {
        let seconds = Int(ms / 1000)
        let time = LocalDateTime(date: LocalDate(daysSinceEpoch: seconds / 86_400), secondOfDay: seconds % 86_400)
        return local(time) + "Z"
    }
}

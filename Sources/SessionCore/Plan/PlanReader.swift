import JSON

/// Walks one imported document, collecting warnings and errors with their paths.
/// Reading goes on after an error so that every problem is reported at once.
struct PlanReader {
    let options: PlanImportOptions
    var warnings: [PathMessage] = []
    var errors: [PathMessage] = []
    /// True for the bare array of day schedules (names only, `dayTitle`).
    var bareSchedule = false
    /// The plan's own "weekStart", when it has a valid one.
    var declaredWeekStart: LocalDate?

    init(options: PlanImportOptions) { self.options = options }

    mutating func warn(_ path: JSONPath, _ message: String, _ kind: WarningKind = .other) {
        warnings.append(PathMessage(path: path.description, message: message, kind: kind))
    }

    mutating func fail(_ path: JSONPath, _ message: String) {
        errors.append(PathMessage(path: path.description, message: message))
    }

    /// A day as read, before dates are resolved against the plan's week.
    struct DraftDay {
        let path: JSONPath
        var weekday: Weekday?
        var explicitDate: LocalDate?
        var day: PlanDay
    }

    mutating func readPlan(_ root: JSONValue) -> Plan? {
        let name: String
        let daysValue: JSONValue
        switch root {
        case .array:
            bareSchedule = true
            name = "Weekly schedule"
            daysValue = root
            warn(.root, "a bare array of day schedules: the plan is named \"\(name)\" and each exercise named without details gets \(PlanLimits.defaultSets) sets and no rep target")
            return readDays(daysValue, path: .root, name: name)
        case .object(let pairs) where root["days"] != nil:
            for pair in pairs where !["planName", "weekStart", "days"].contains(pair.key) {
                warn(JSONPath.root.key(pair.key), "unknown key ignored")
            }
            if let value = root["weekStart"] { declaredWeekStart = readWeekStart(value) }
            name = readName(root["planName"], path: JSONPath.root.key("planName"), fallback: "Imported plan", what: "plan name")
            daysValue = root["days"] ?? .null
            return readDays(daysValue, path: JSONPath.root.key("days"), name: name)
        default:
            fail(.root, "not a plan: expected an object with \"planName\" and \"days\", or an array of day schedules, got \(root.typeDescription)")
            return nil
        }
    }

    mutating func readDays(_ value: JSONValue, path: JSONPath, name: String) -> Plan? {
        guard let items = value.arrayValue else {
            fail(path, "must be an array of days, got \(value.typeDescription)")
            return nil
        }
        if items.count > PlanLimits.days.upperBound {
            fail(path, "a plan covers one week: at most \(PlanLimits.days.upperBound) days, got \(items.count)")
        }
        var drafts: [DraftDay] = []
        for (index, item) in items.enumerated() {
            if let draft = readDay(item, path: path.index(index)) { drafts.append(draft) }
        }
        guard let weekStart = resolveWeek(drafts) else { return nil }
        let days = placeDays(drafts, weekStart: weekStart, path: path)
        if errors.isEmpty, !days.contains(where: { !$0.rest }) {
            fail(path, items.isEmpty ? "no training day: the plan has no days" : "no training day: every day is a rest day")
        }
        return Plan(name: name, weekStart: weekStart, days: days)
    }

    /// Reads the plan's own "weekStart": a Monday as YYYY-MM-DD.
    mutating func readWeekStart(_ value: JSONValue) -> LocalDate? {
        let path = JSONPath.root.key("weekStart")
        guard let text = value.stringValue, let date = LocalDate(text) else {
            fail(path, "must be a date as YYYY-MM-DD, got \(value.jsonText)")
            return nil
        }
        guard date.weekday == .monday else {
            fail(path, "\(date) is a \(date.weekday.name); a week starts on a Monday")
            return nil
        }
        return date
    }

    /// The plan's Monday: the import option, else the plan's own weekStart, else the
    /// first explicit date's week, else this week.
    mutating func resolveWeek(_ drafts: [DraftDay]) -> LocalDate? {
        if let weekStart = options.weekStart {
            guard weekStart.weekday == .monday else {
                fail(.root, "weekStart \(weekStart) is a \(weekStart.weekday.name), not a Monday")
                return nil
            }
            if let declared = declaredWeekStart, declared != weekStart {
                warn(JSONPath.root.key("weekStart"), "\(declared) replaced by the requested week \(weekStart)")
            }
            return weekStart
        }
        if let declared = declaredWeekStart { return declared }
        if let first = drafts.first(where: { $0.explicitDate != nil })?.explicitDate {
            return first.mondayOfWeek
        }
        return options.today.mondayOfWeek
    }

    /// Gives every day its date in the week, refusing duplicates and dates outside it.
    mutating func placeDays(_ drafts: [DraftDay], weekStart: LocalDate, path: JSONPath) -> [PlanDay] {
        let weekEnd = weekStart.adding(days: 6)
        var seen: [Weekday: JSONPath] = [:]
        var days: [PlanDay] = []
        for var draft in drafts {
            let date: LocalDate
            if let explicit = draft.explicitDate {
                guard explicit >= weekStart, explicit <= weekEnd else {
                    fail(draft.path.key("date"), "\(explicit) is outside the plan's week \(weekStart) to \(weekEnd)")
                    continue
                }
                date = explicit
            } else if let weekday = draft.weekday {
                date = weekStart.adding(days: weekday.rawValue - 1)
            } else {
                continue
            }
            if let earlier = seen[date.weekday] {
                fail(draft.path.key("day"), "\(date.weekday.name) appears twice (also \(earlier))")
                continue
            }
            seen[date.weekday] = draft.path
            draft.day.date = date
            days.append(draft.day)
        }
        let sorted = days.sorted { $0.date < $1.date }
        if sorted.map(\.date) != days.map(\.date) {
            warn(path, "days put in week order, Monday first")
        }
        return sorted
    }

    mutating func readDay(_ value: JSONValue, path: JSONPath) -> DraftDay? {
        guard let pairs = value.objectPairs else {
            fail(path, "a day must be an object, got \(value.typeDescription)")
            return nil
        }
        let titleKey = bareSchedule ? "dayTitle" : "title"
        let known = ["day", "date", "title", "dayTitle", "rest", "warmup", "exercises"]
        for pair in pairs where !known.contains(pair.key) {
            warn(path.key(pair.key), "unknown key ignored")
        }
        var (weekday, explicitDate) = readWhen(value, path: path)
        if weekday == nil, explicitDate == nil, value["day"] == nil, value["date"] == nil {
            fail(path, "a day needs \"day\" (a weekday) or \"date\" (YYYY-MM-DD)")
        }
        if let date = explicitDate, let named = weekday, date.weekday != named {
            fail(path.key("date"), "\(date) is a \(date.weekday.name) but \"day\" says \(named.name)")
            weekday = nil
            explicitDate = nil
        }
        let rest = readRest(value["rest"], path: path.key("rest"))
        let exercisesPath = path.key("exercises")
        let errorsBefore = errors.count
        var exercises = readExercises(value["exercises"], path: exercisesPath)
        var isRest = rest ?? false
        if isRest, !exercises.isEmpty {
            fail(exercisesPath, "a rest day cannot have exercises; remove them or set \"rest\" to false")
            exercises = []
        } else if !isRest, exercises.isEmpty, errors.count == errorsBefore {
            isRest = true
            warn(path, "no exercises: treated as a rest day")
        }
        if !isRest, let count = options.exercisesPerDay {
            exercises = fit(exercises, count: count, path: exercisesPath)
        }
        let otherTitleKey = bareSchedule ? "title" : "dayTitle"
        var titleValue = value[titleKey]
        if titleValue == nil, let other = value[otherTitleKey] {
            titleValue = other
            if !bareSchedule { warn(path.key(otherTitleKey), "read as \"title\"") }
        }
        let titlePath = path.key(value[titleKey] == nil && titleValue != nil ? otherTitleKey : titleKey)
        let fallbackTitle = isRest ? "Rest" : (weekday ?? explicitDate?.weekday)?.name ?? "Training"
        let title = readName(titleValue, path: titlePath, fallback: fallbackTitle, what: "title")
        let warmup = readWarmup(value["warmup"], path: path.key("warmup"))
        let placeholder = LocalDate(daysSinceEpoch: 0)
        let day = PlanDay(date: placeholder, title: title, rest: isRest, warmup: warmup, exercises: exercises)
        return DraftDay(path: path, weekday: weekday, explicitDate: explicitDate, day: day)
    }

    /// Reads "day" (a weekday in English or German, an ISO number, or a date) and "date".
    mutating func readWhen(_ value: JSONValue, path: JSONPath) -> (Weekday?, LocalDate?) {
        var weekday: Weekday?
        var date: LocalDate?
        if let dayValue = value["day"] {
            let dayPath = path.key("day")
            switch dayValue {
            case .string(let text):
                if let parsed = Weekday(parsing: text) {
                    weekday = parsed
                    if text != parsed.name { warn(dayPath, "\"\(text)\" read as \(parsed.name)") }
                } else if let parsed = LocalDate(text.trimmingWhitespace()) {
                    date = parsed
                    warn(dayPath, "a date in \"day\" read as \"date\"")
                } else {
                    fail(dayPath, "unknown weekday \"\(text)\"; use Monday…Sunday, Montag…Sonntag, 1…7 or YYYY-MM-DD")
                }
            case .number:
                if let number = dayValue.intValue, let parsed = Weekday(rawValue: number) {
                    weekday = parsed
                    warn(dayPath, "ISO weekday \(number) read as \(parsed.name)")
                } else {
                    fail(dayPath, "unknown weekday \(dayValue.jsonText); ISO weekdays are 1 (Monday) to 7 (Sunday)")
                }
            default:
                fail(dayPath, "must be a weekday name, got \(dayValue.typeDescription)")
            }
        }
        if let dateValue = value["date"] {
            let datePath = path.key("date")
            if let text = dateValue.stringValue, let parsed = LocalDate(text.trimmingWhitespace()) {
                if date != nil, date != parsed { fail(datePath, "disagrees with the date in \"day\"") }
                date = parsed
            } else {
                fail(datePath, "must be a date as YYYY-MM-DD, got \(dateValue.jsonText)")
            }
        }
        return (weekday, date)
    }

    mutating func readRest(_ value: JSONValue?, path: JSONPath) -> Bool? {
        guard let value else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string(let text) where ["true", "false"].contains(text.trimmingWhitespace().lowercased()):
            warn(path, "boolean given as a string")
            return text.trimmingWhitespace().lowercased() == "true"
        case .null: return nil
        default:
            fail(path, "must be true or false, got \(value.jsonText)")
            return nil
        }
    }
}

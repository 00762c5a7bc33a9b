import JSON
import SessionCore

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
    /// True when the days' "day" numbers count 1…n: they number training days.
    var numberedDays = false

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
        /// Neither a weekday nor a date ("Day 1", a title only): placed by spreading.
        var unplaced = false
        /// A "day" that named no weekday, read as the title: its path and text.
        var titledBy: (path: JSONPath, text: String)?
        var day: PlanDay
    }

    mutating func readPlan(_ root: JSONValue) -> Plan? {
        switch root {
        case .array(let items) where !items.allSatisfy(Self.isDayLike) && Self.dayLists(in: root, path: .root, containers: []).count == 1:
            // A program wrapped in an array ([{"name": …, "routine": [days]}]).
            return readFound(Self.dayLists(in: root, path: .root, containers: [])[0])
        case .array:
            bareSchedule = true
            let name = "Weekly schedule"
            warn(.root, "a bare array of day schedules: the plan is named \"\(name)\" and each exercise named without details gets \(PlanLimits.defaultSets) sets and no rep target", .structure)
            return readDays(root, path: .root, name: name)
        case .object(let pairs) where root["days"] != nil:
            return readPlanObject(pairs, path: .root)
        case .object:
            // Another shape: find the one list of days, however deeply it is wrapped.
            let found = Self.dayLists(in: root, path: .root, containers: [])
            guard let first = found.first else {
                fail(.root, "not a plan: expected an object with \"planName\" and \"days\", or an array of day schedules, and no list of days (objects with a weekday or a list of exercises) was found inside")
                return nil
            }
            guard found.count == 1 else {
                fail(.root, "ambiguous: \(found.count) lists look like the plan's days (\(found.map { $0.path.description }.joined(separator: ", "))); give one")
                return nil
            }
            return readFound(first)
        default:
            fail(.root, "not a plan: expected an object with \"planName\" and \"days\", or an array of day schedules, got \(root.typeDescription)")
            return nil
        }
    }

    /// The plan object: "planName", "weekStart", "days", with the spellings of `planKeys`.
    mutating func readPlanObject(_ pairs: [(key: String, value: JSONValue)], path: JSONPath) -> Plan? {
        let fields = fields(pairs, path: path, table: Self.planKeys, exact: ["planName", "weekStart", "days"])
        if let value = fields["weekStart"] { declaredWeekStart = readWeekStart(value, path: fields.path(path, "weekStart")) }
        let name = readName(fields["planName"], path: fields.path(path, "planName"), fallback: "Imported plan", what: "plan name")
        return readDays(fields["days"] ?? .null, path: fields.path(path, "days"), name: name)
    }

    /// A list of days found inside another shape: its name and week from the nearest
    /// object around it that gives them.
    mutating func readFound(_ found: FoundDays) -> Plan? {
        var name: String?
        let own = found.value.objectPairs.map { [(path: found.path, pairs: $0)] } ?? []
        for container in own + found.containers.reversed() {
            if declaredWeekStart == nil,
                let (key, value) = container.pairs.first(where: { Self.planKeys[Self.folded($0.key)] == "weekStart" && $0.value.stringValue != nil })
            {
                declaredWeekStart = readWeekStart(value, path: container.path.key(key))
            }
            if name == nil, let (key, value) = container.pairs.first(where: { Self.planKeys[Self.folded($0.key)] == "planName" && $0.value.stringValue != nil }) {
                name = readName(value, path: container.path.key(key), fallback: "Imported plan", what: "plan name")
            }
        }
        warn(.root, "not the plan's own shape: the days read from \(found.path) (a list of days, each with a list of exercises)" +
             (name.map { ", the name \"\($0)\"" } ?? ""), .structure)
        return readDays(found.value, path: found.path, name: name ?? readName(nil, path: .root, fallback: "Imported plan", what: "plan name"))
    }

    /// A list of days found in a document, with the objects around it (outermost first).
    struct FoundDays {
        let path: JSONPath
        let value: JSONValue
        let containers: [(path: JSONPath, pairs: [(key: String, value: JSONValue)])]
    }

    /// Every list of days in `value` (not looking inside one once found).
    static func dayLists(in value: JSONValue, path: JSONPath, containers: [(path: JSONPath, pairs: [(key: String, value: JSONValue)])]) -> [FoundDays] {
        switch value {
        case .array(let items):
            if !items.isEmpty, items.allSatisfy(isDayLike) { return [FoundDays(path: path, value: value, containers: containers)] }
            return items.enumerated().flatMap { dayLists(in: $0.element, path: path.index($0.offset), containers: containers) }
        case .object(let pairs):
            if isWeekdayKeyed(pairs) { return [FoundDays(path: path, value: value, containers: containers)] }
            return pairs.flatMap { dayLists(in: $0.value, path: path.key($0.key), containers: containers + [(path, pairs)]) }
        default:
            return []
        }
    }

    /// Days keyed by weekday: `{"Monday": [exercises] or {day}, "Tuesday": "Rest", …}`.
    /// Other members may say the plan's name or week; none may hold days under another key.
    static func isWeekdayKeyed(_ pairs: [(key: String, value: JSONValue)]) -> Bool {
        let days = pairs.filter { Weekday(parsing: $0.key) != nil }
        return days.contains { isExerciseList($0.value) || isDayLike($0.value) }
            && days.allSatisfy { isExerciseList($0.value) || isDayLike($0.value) || $0.value.stringValue != nil }
            && !pairs.contains { Weekday(parsing: $0.key) == nil && ($0.value.arrayValue != nil || $0.value.objectPairs != nil) }
    }

    /// A day: an object with a weekday or date, or with a list of exercises.
    static func isDayLike(_ value: JSONValue) -> Bool {
        guard let pairs = value.objectPairs else { return false }
        return pairs.contains { pair in
            let key = dayKeys[folded(pair.key)]
            return key == "day" || key == "date" || isExerciseList(pair.value)
        }
    }

    /// A list of exercises: names, or objects with a name. An object holding a list of
    /// exercises itself is a day (a program's `{"name": "Push", "exercises": […]}`),
    /// not an exercise; a list under one of an exercise's own keys (its `"tips": […]`,
    /// its `"reps": […]`) is the exercise's.
    static func isExerciseList(_ value: JSONValue) -> Bool {
        guard let items = value.arrayValue, !items.isEmpty else { return false }
        return items.allSatisfy { item in
            if item.stringValue != nil || supersetGroup(item) != nil { return true }
            guard let pairs = item.objectPairs else { return false }
            return pairs.contains { exerciseKeys[folded($0.key)] == "name" }
                && !pairs.contains { exerciseKeys[folded($0.key)] == nil && isExerciseList($0.value) }
        }
    }

    /// Spellings of the plan object's keys.
    static let planKeys: [String: String] = [
        "planname": "planName", "name": "planName", "title": "planName", "program": "planName", "programname": "planName",
        "weekstart": "weekStart", "startdate": "weekStart", "weekof": "weekStart",
        "days": "days", "schedule": "days", "weeklyschedule": "days", "workouts": "days", "sessions": "days",
    ]

    /// The days: a list of them, or an object keyed by weekday; then placed in the week.
    mutating func readDays(_ value: JSONValue, path: JSONPath, name: String) -> Plan? {
        var drafts: [DraftDay] = []
        if let pairs = value.objectPairs, Self.isWeekdayKeyed(pairs) {
            drafts = readWeekdayKeyed(pairs, path: path)
        } else {
            guard let items = value.arrayValue else {
                fail(path, "must be an array of days, got \(value.typeDescription)")
                return nil
            }
            if items.count > PlanLimits.days.upperBound {
                fail(path, "a plan covers one week: at most \(PlanLimits.days.upperBound) days, got \(items.count)")
            }
            numberedDays = Self.numbersDays(items)
            for (index, item) in items.enumerated() {
                if let draft = readDay(item, path: path.index(index)) { drafts.append(draft) }
            }
            placeUnplaced(&drafts, path: path)
        }
        guard let weekStart = resolveWeek(drafts) else { return nil }
        let days = placeDays(drafts, weekStart: weekStart, path: path)
        if errors.isEmpty, !days.contains(where: { !$0.rest }) {
            fail(path, drafts.isEmpty ? "no training day: the plan has no days" : "no training day: every day is a rest day")
        }
        return Plan(name: name, weekStart: weekStart, days: days)
    }

    /// Days keyed by weekday: each value a list of exercises, a day object, or a word
    /// ("Rest") for a rest day.
    mutating func readWeekdayKeyed(_ pairs: [(key: String, value: JSONValue)], path: JSONPath) -> [DraftDay] {
        warn(path, "days keyed by weekday: each key read as the day", .structure)
        var drafts: [DraftDay] = []
        for pair in pairs {
            let dayPath = path.key(pair.key)
            guard let weekday = Weekday(parsing: pair.key) else {
                if Self.planKeys[Self.folded(pair.key)] == nil { warn(dayPath, "unknown key ignored", .unknownKey) }
                continue
            }
            if pair.value.objectPairs != nil {
                guard var draft = readDay(pair.value, path: dayPath) else { continue }
                if draft.unplaced || draft.weekday == nil, draft.explicitDate == nil {
                    draft.weekday = weekday
                    draft.unplaced = false
                } else if draft.weekday != weekday {
                    fail(dayPath, "the key says \(weekday.name) but the day says \(draft.weekday?.name ?? "another day")")
                }
                drafts.append(draft)
                continue
            }
            let exercises = pair.value.stringValue == nil ? readExercises(pair.value, path: dayPath) : []
            if exercises.isEmpty { warn(dayPath, "no exercises: treated as a rest day", .schedule) }
            let day = PlanDay(date: LocalDate(daysSinceEpoch: 0), title: exercises.isEmpty ? "Rest" : weekday.name, rest: exercises.isEmpty,
                              warmup: [], exercises: options.exercisesPerDay.map { exercises.isEmpty ? exercises : fit(exercises, count: $0, path: dayPath) } ?? exercises)
            drafts.append(DraftDay(path: dayPath, weekday: weekday, explicitDate: nil, day: day))
        }
        return drafts
    }

    /// Days without a weekday or date: when none has one, the training days are spread
    /// over the week with rest days between (a warning says how); when some have one,
    /// each of the others is an error.
    mutating func placeUnplaced(_ drafts: inout [DraftDay], path: JSONPath) {
        let unplaced = drafts.indices.filter { drafts[$0].unplaced }
        guard !unplaced.isEmpty else { return }
        guard unplaced.count == drafts.count, drafts.count <= 7 else {
            for index in unplaced {
                if let (dayPath, text) = drafts[index].titledBy {
                    fail(dayPath, Self.unknownWeekday(text) + " (a title may stand in \"day\" only when no day names a weekday)")
                } else {
                    fail(drafts[index].path, "a day needs \"day\" (a weekday) or \"date\" (YYYY-MM-DD) when other days have one")
                }
            }
            return
        }
        let training = drafts.indices.filter { !drafts[$0].day.rest }
        var weekdays = Self.spread(training.count)
        if training.count < drafts.count {
            // Rest days listed between training days keep their order: the whole list
            // takes consecutive weekdays instead.
            weekdays = Array(1...drafts.count)
            for (offset, index) in drafts.indices.enumerated() { drafts[index].weekday = Weekday(rawValue: weekdays[offset]) }
        } else {
            for (offset, index) in training.enumerated() { drafts[index].weekday = Weekday(rawValue: weekdays[offset]) }
        }
        let names = drafts.compactMap { $0.weekday?.name }.joined(separator: ", ")
        warn(path, "the days name no weekday: \(drafts.count) day\(drafts.count == 1 ? "" : "s") placed on \(names)" +
             (training.count < drafts.count ? " in the order given" : ", with rest days between"), .schedule)
    }

    /// Reads the plan's own "weekStart": a Monday as YYYY-MM-DD. With a week asked for
    /// (`options.weekStart`), which replaces it whatever it is, one that does not read
    /// is a warning, not a refusal: the planner is not made to repair what is not used.
    mutating func readWeekStart(_ value: JSONValue, path: JSONPath) -> LocalDate? {
        func refuse(_ message: String) -> LocalDate? {
            if let asked = options.weekStart {
                warn(path, "\(value.jsonText) replaced by the requested week \(asked) (\(message))")
            } else {
                fail(path, message)
            }
            return nil
        }
        guard let text = value.stringValue, let date = LocalDate(text) else { return refuse("must be a date as YYYY-MM-DD, got \(value.jsonText)") }
        guard date.weekday == .monday else { return refuse("\(date) is a \(date.weekday.name); a week starts on a Monday") }
        if let problem = PlanLimits.weekProblem(date, storedBefore: options.storedBefore) { return refuse(problem) }
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
            if let problem = PlanLimits.weekProblem(weekStart, storedBefore: options.storedBefore) {
                fail(.root, "weekStart " + problem)
                return nil
            }
            if let declared = declaredWeekStart, declared != weekStart {
                warn(JSONPath.root.key("weekStart"), "\(declared) replaced by the requested week \(weekStart)")
            }
            return weekStart
        }
        if let declared = declaredWeekStart { return declared }
        if let first = drafts.first(where: { $0.explicitDate != nil }), let date = first.explicitDate {
            if let problem = PlanLimits.weekProblem(date.mondayOfWeek, of: date, storedBefore: options.storedBefore) {
                fail(first.path.key("date"), problem)
                return nil
            }
            return date.mondayOfWeek
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
                date = weekStart.dayOfWeek(weekday)
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
        var recognised: [String: String] = [:]
        if !pairs.contains(where: { Self.dayKeys[Self.folded($0.key)] == "exercises" }),
            let list = pairs.first(where: { Self.dayKeys[Self.folded($0.key)] == nil && Self.isExerciseList($0.value) })
        {
            recognised[list.key] = "exercises"
        }
        let fields = fields(pairs, path: path, table: Self.dayKeys, exact: ["day", "date", "title", "dayTitle", "rest", "warmup", "exercises"],
                            recognised: recognised)
        let errorsBeforeWhen = errors.count
        var titledBy: String?
        var (weekday, explicitDate, label) = readWhen(fields, path: path, titledBy: &titledBy)
        if let date = explicitDate, let named = weekday, date.weekday != named {
            fail(fields.path(path, "date"), "\(date) is a \(date.weekday.name) but \"\(fields.written("day"))\" says \(named.name)")
            weekday = nil
            explicitDate = nil
        }
        let rest = readRest(fields["rest"], path: fields.path(path, "rest"))
        let exercisesPath = fields.path(path, "exercises")
        let errorsBefore = errors.count
        var exercises = readExercises(fields["exercises"], path: exercisesPath)
        var isRest = rest ?? false
        if isRest, !exercises.isEmpty {
            fail(exercisesPath, "a rest day cannot have exercises; remove them or set \"rest\" to false")
            exercises = []
        } else if !isRest, exercises.isEmpty, errors.count == errorsBefore {
            isRest = true
            warn(path, "no exercises: treated as a rest day", .schedule)
        }
        if !isRest, let count = options.exercisesPerDay {
            exercises = fit(exercises, count: count, path: exercisesPath)
        }
        let titlePath = fields.path(path, "title")
        let fallbackTitle = isRest ? "Rest" : label ?? (weekday ?? explicitDate?.weekday)?.name ?? "Training"
        let title = readName(fields["title"], path: titlePath, fallback: fallbackTitle, what: "title")
        let warmup = readWarmup(fields["warmup"], path: fields.path(path, "warmup"))
        let placeholder = LocalDate(daysSinceEpoch: 0)
        let day = PlanDay(date: placeholder, title: title, rest: isRest, warmup: warmup, exercises: exercises)
        let unplaced = weekday == nil && explicitDate == nil && errors.count == errorsBeforeWhen
        return DraftDay(path: path, weekday: weekday, explicitDate: explicitDate, unplaced: unplaced, titledBy: titledBy.map { (fields.path(path, "day"), $0) },
                        day: day)
    }

    /// Reads "day" (a weekday in English or German, an ISO number, a date, or a label
    /// such as "Day 1") and "date". A label, or a number of `numberedDays`, gives no
    /// weekday: such days are spread over the week.
    mutating func readWhen(_ fields: Fields, path: JSONPath, titledBy: inout String?) -> (Weekday?, LocalDate?, label: String?) {
        var weekday: Weekday?
        var date: LocalDate?
        var label: String?
        if let dayValue = fields["day"] {
            let dayPath = fields.path(path, "day")
            switch dayValue {
            case .string(let text):
                if let parsed = Weekday(parsing: text) {
                    weekday = parsed
                    if text != parsed.name { warn(dayPath, "\"\(text)\" read as \(parsed.name)", .schedule) }
                } else if let parsed = LocalDate(text.trimmingWhitespace()) {
                    date = parsed
                    warn(dayPath, "a date in \"day\" read as \"date\"", .schedule)
                } else if Self.isDayLabel(text) {
                    label = text.collapsingWhitespace()
                } else if !fields.has("title"), !text.collapsingWhitespace().isEmpty {
                    // A title in any language where the weekday goes ("PECHO Y BÍCEPS –
                    // FUERZA"): the day's title; it is placed as titled days are.
                    label = text.collapsingWhitespace()
                    titledBy = text
                    warn(dayPath, "\"\(text)\" names no weekday: read as the day's title", .schedule)
                } else {
                    fail(dayPath, Self.unknownWeekday(text))
                }
            case .number:
                if numberedDays, let number = dayValue.intValue {
                    label = "Day \(number)"
                } else if let number = dayValue.intValue, let parsed = Weekday(rawValue: number) {
                    weekday = parsed
                    warn(dayPath, "ISO weekday \(number) read as \(parsed.name)", .schedule)
                } else {
                    fail(dayPath, "unknown weekday \(dayValue.jsonText); ISO weekdays are 1 (Monday) to 7 (Sunday)")
                }
            default:
                fail(dayPath, "must be a weekday name, got \(dayValue.typeDescription)")
            }
        }
        if let dateValue = fields["date"] {
            let datePath = fields.path(path, "date")
            if let text = dateValue.stringValue, let parsed = LocalDate(text.trimmingWhitespace()) {
                if date != nil, date != parsed { fail(datePath, "disagrees with the date in \"day\"") }
                date = parsed
            } else {
                fail(datePath, "must be a date as YYYY-MM-DD, got \(dateValue.jsonText)")
            }
        }
        return (weekday, date, label)
    }

    /// The error of a "day" that names no weekday where one is needed.
    static func unknownWeekday(_ text: String) -> String {
        "unknown weekday \"\(text)\"; use Monday…Sunday, Montag…Sonntag, lunes…domingo, 1…7, YYYY-MM-DD or a label like \"Day 1\""
    }

    /// "Day 1", "day 2", "Workout 3", "Session A": a day's place in the plan, not a weekday.
    static func isDayLabel(_ text: String) -> Bool {
        let words = text.collapsingWhitespace().lowercased().split(separator: " ")
        guard words.count == 2, ["day", "workout", "session", "training"].contains(String(words[0])) else { return false }
        return Int(words[1]) != nil || (words[1].count == 1 && words[1].first?.isLetter == true)
    }

    /// True when every day's "day" is a number and together they count 1, 2, … n for
    /// fewer than seven days: the plan's own numbering, not ISO weekdays.
    static func numbersDays(_ items: [JSONValue]) -> Bool {
        let numbers = items.map { item -> Int? in
            guard let pairs = item.objectPairs else { return nil }
            return pairs.first { dayKeys[folded($0.key)] == "day" }?.value.intValue
        }
        guard numbers.count < 7, numbers.allSatisfy({ $0 != nil }) else { return false }
        return numbers.compactMap { $0 }.sorted() == Array(1...max(1, numbers.count)) && !numbers.isEmpty
    }

    /// The weekdays n training days take, with rest days between: 3 → Monday, Wednesday,
    /// Friday; 4 → Monday, Tuesday, Thursday, Friday.
    static func spread(_ count: Int) -> [Int] {
        switch count {
        case 1: return [1]
        case 2: return [1, 4]
        case 3: return [1, 3, 5]
        case 4: return [1, 2, 4, 5]
        case 5: return [1, 2, 3, 5, 6]
        case 6: return [1, 2, 3, 4, 5, 6]
        default: return Array(1...7)
        }
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

/// `plan redo`: the request for one day of the week again, and the plan with that day
/// replaced. The rest of the week's exercises are an avoid-list, the profile's
/// equipment the only equipment; the answer is a plan of one day.
public struct DayRedo: Sendable, Equatable {
    /// The plan whose day is redone.
    public let plan: Plan
    /// The date of the day redone, in the plan's week.
    public let date: LocalDate
    /// Names the new day must not use: the other days' exercises and any given.
    public let avoid: [String]

    /// Nil when `date` lies outside the plan's week.
    public init?(plan: Plan, date: LocalDate, avoiding extra: [String] = []) {
        guard date >= plan.weekStart, date <= plan.weekStart.adding(days: 6) else { return nil }
        self.plan = plan
        self.date = date
        var seen = Set<String>()
        var names: [String] = []
        for name in plan.days.filter({ $0.date != date }).flatMap({ $0.exercises.map(\.name) }) + extra {
            let key = name.collapsingWhitespace().lowercased()
            if !key.isEmpty, seen.insert(key).inserted { names.append(name.collapsingWhitespace()) }
        }
        avoid = names
    }

    /// The day being redone as the plan has it (nil: a rest day or not listed).
    public var current: PlanDay? { plan.days.first { $0.date == date } }

    /// The user message that asks the planner for this one day (after the generation
    /// prompt's system message): what the day was, the profile, the avoid-list.
    public func userMessage(profile: Profile) -> String {
        var was = "It was a rest day."
        if let current, !current.rest {
            let names: String = current.exercises.map(\.name).joined(separator: ", ")
            was = "It was \"\(current.title)\": \(names); replace it."
        }
        let avoidLine = "Do not use these exercises (other days of the week have them): " + (avoid.isEmpty ? "none" : avoid.joined(separator: ", "))
        let weekday = date.weekday.name
        var lines: [String] = []
        lines.append("Write one training day only: \(weekday) \(date), in the week starting Monday \(plan.weekStart).")
        lines.append("Reply with a plan object whose \"days\" holds exactly this one day (\"day\": \"\(weekday)\").")
        lines.append(was)
        lines += GenerationPrompt.profileLines(profile, equipmentLabel: "Equipment (use only this)")
        lines.append(avoidLine)
        return lines.joined(separator: "\n")
    }

    /// A warning when the answer's training day is another weekday than the one asked
    /// for: it is placed on the day asked for all the same (`replacing`), and said so,
    /// where the import's own reading of the day ("\"Mon\" read as Monday") would say
    /// otherwise.
    public func placementWarning(for answer: Plan) -> PathMessage? {
        guard let index = answer.days.firstIndex(where: { !$0.rest }), answer.days[index].date.weekday != date.weekday else { return nil }
        return PathMessage(path: "days[\(index)].day",
                           message: "\(answer.days[index].date.weekday.name) placed on \(date.weekday.name) \(date), the day asked for")
    }

    /// Checks the imported answer and returns the plan with the day replaced: the
    /// answer must hold exactly one training day; its exercises must avoid the list,
    /// by the exercise a name is (the catalog's: "Barbell Back Squat" is Back Squat),
    /// not by its letters.
    public func replacing(with answer: Plan) throws(PlanImportError) -> Plan {
        let training = answer.days.filter { !$0.rest }
        guard training.count == 1, var day = training.first else {
            throw PlanImportError(errors: [PathMessage(path: "days", message: "expected exactly one training day (\(date.weekday.name)), got \(training.count)")])
        }
        func identity(_ name: String) -> String { ExerciseCatalog.builtIn.identityKey(name.exerciseKey, aliasTarget: nil) }
        let avoided = Dictionary(avoid.map { (identity($0), $0) }, uniquingKeysWith: { first, _ in first })
        let clashes = day.exercises.enumerated().compactMap { index, exercise in avoided[identity(exercise.name)].map { (index, exercise.name, $0) } }
        guard clashes.isEmpty else {
            throw PlanImportError(errors: clashes.map { index, name, listed in
                let named = listed.lowercased() == name.lowercased() ? "" : " as \(listed)"
                return PathMessage(path: "days[0].exercises[\(index)].name",
                                   message: "\"\(name)\" is on the avoid-list\(named) (another day of the week has it); choose another exercise")
            })
        }
        day.date = date
        var days = plan.days.filter { $0.date != date }
        days.append(day)
        days.sort { $0.date < $1.date }
        return Plan(name: plan.name, weekStart: plan.weekStart, days: days)
    }
}

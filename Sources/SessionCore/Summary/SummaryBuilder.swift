/// Computes the weekly summary from its input: no I/O, no clock.
public enum SummaryBuilder {
    /// progressing ≥ +2.5 %, regressed ≤ −2.5 %, else stalled.
    public static let trendThreshold = 0.025

    public static func build(_ input: SummaryInput) -> WeeklySummary {
        let weekEnd = input.weekStart.adding(days: 6)
        let sessionDates = Dictionary(uniqueKeysWithValues: input.sessions.map { ($0.id, $0.date) })
        let trainedDates = Set(input.sessions.map(\.date))
        let planned = input.plannedDays.sorted { $0.date < $1.date }
        // A planned day is due once it has passed, or today once it was trained: today is
        // never missed while the person may still train, nor a day whose session still
        // runs past its midnight.
        let due = planned.map(\.date).filter { date in
            trainedDates.contains(date) ? date <= input.today : date < input.today && date != input.runningDate
        }
        let completed = due.filter { trainedDates.contains($0) }
        let counted = input.sets.filter(\.kind.counts)
        var volumePerDay = [Double](repeating: 0, count: 7)
        for set in counted {
            guard let date = sessionDates[set.sessionID], let reps = set.reps, let weight = set.weightKg else { continue }
            let index = date.daysSinceEpoch - input.weekStart.daysSinceEpoch
            if (0..<7).contains(index) { volumePerDay[index] += SetVolume.kg(reps: reps, weightKg: weight) }
        }
        let rpes = input.sessions.compactMap(\.rpe)
        return WeeklySummary(
            weekStart: input.weekStart,
            plannedDays: planned.map(\.date).filter { $0 <= weekEnd },
            dueDays: due,
            completedPlannedDays: completed,
            missedDays: due.filter { !trainedDates.contains($0) },
            sessions: input.sessions.count,
            adherence: due.isEmpty ? nil : Double(completed.count) / Double(due.count),
            sets: counted.count,
            reps: counted.reduce(0) { $0 + ($1.reps ?? 0) },
            volumeKg: volumePerDay.reduce(0, +),
            activeMinutes: (input.sessions.reduce(0) { $0 + $1.activeSeconds } + 30) / 60,
            averageRPE: rpes.isEmpty ? nil : rpes.reduce(0, +) / Double(rpes.count),
            hardSets: counted.filter { ($0.rpe ?? 0) >= 9 }.count,
            exercises: exercises(input, counted: counted, due: Set(due)),
            skipped: skipped(input, counted: counted, sessionDates: sessionDates, completed: Set(completed)),
            health: health(input),
            volumePerDayKg: volumePerDay,
            muscles: muscles(input, counted: counted),
            moves: planned.compactMap { day in day.movedFrom.map { DayMove(from: $0, to: day.date) } },
            planChanges: input.planChanges)
    }

    /// Each muscle group's hard sets (`MuscleSets`), this week's beside the week before.
    static func muscles(_ input: SummaryInput, counted: [SummaryInput.Set]) -> [MuscleSets] {
        var perExercise: [String: Int] = [:]
        for set in counted { perExercise[set.exerciseKey ?? input.canonicalKey(set.name), default: 0] += 1 }
        let now = MuscleSets.tally(perExercise, custom: input.customExercises)
        let before = MuscleSets.tally(input.previousWeekSets, custom: input.customExercises)
        return MuscleGroup.allCases.filter(\.isMuscle).compactMap { muscle in
            let sets = now[muscle] ?? 0
            let previous = before[muscle] ?? 0
            return sets > 0 || previous > 0 ? MuscleSets(muscle: muscle, sets: sets, previous: previous) : nil
        }
    }

    static func exercises(_ input: SummaryInput, counted: [SummaryInput.Set], due: Set<LocalDate>) -> [ExerciseSummary] {
        var plannedNames: [Int64: String] = [:]
        var plannedSets: [String: Int] = [:]
        for day in input.plannedDays {
            for exercise in day.exercises {
                plannedNames[exercise.id] = exercise.name
                if due.contains(day.date) { plannedSets[input.canonicalKey(exercise.name), default: 0] += exercise.sets }
            }
        }
        var order: [String] = []
        var groups: [String: [SummaryInput.Set]] = [:]
        var names: [String: String] = [:]
        for set in counted {
            let name = set.plannedExerciseID.flatMap { plannedNames[$0] } ?? set.name
            let key = set.exerciseKey ?? input.canonicalKey(name)
            if groups[key] == nil {
                order.append(key)
                // The catalog's name, whatever a tracker's file or the plan called it.
                names[key] = input.displayName(ofKey: key, written: name)
            }
            groups[key, default: []].append(set)
        }
        let summaries = order.map { key -> ExerciseSummary in
            let sets = groups[key] ?? []
            let measure: ExerciseSummary.Measure
            let value: (SummaryInput.Set) -> Double?
            let history = input.history[key]
            let previous: Double?
            if sets.contains(where: { $0.oneRepMaxKg != nil }) {
                measure = .estimatedOneRepMaxKg
                value = { $0.oneRepMaxKg }
                previous = history?.oneRepMaxKg
            } else if sets.contains(where: { ($0.reps ?? 0) > 0 }) {
                measure = .reps
                value = { $0.reps.map(Double.init) }
                previous = history?.reps.map(Double.init)
            } else {
                measure = .durationSeconds
                value = { $0.durationSeconds.map(Double.init) }
                previous = history?.durationSeconds.map(Double.init)
            }
            let bestSet = sets.filter { value($0) != nil }.max { (value($0) ?? 0) < (value($1) ?? 0) }
            let best = bestSet.flatMap(value)
            var change: Double?
            var trend = history == nil && input.trainedBefore.contains(key) ? ExerciseSummary.Trend.returning : .new
            if let best, let previous, previous > 0 {
                let ratio = (best - previous) / previous
                change = ratio
                trend = ratio >= trendThreshold ? .progressing : (ratio <= -trendThreshold ? .regressed : .stalled)
            }
            return ExerciseSummary(
                name: names[key] ?? key, setsDone: sets.count, setsPlanned: plannedSets[key] ?? 0,
                bestSet: bestSet.map { SetFigures(reps: $0.reps, weightKg: $0.weightKg, durationSeconds: $0.durationSeconds) },
                measure: measure, best: best, previousBest: previous.flatMap { $0 > 0 ? $0 : nil }, change: change, trend: trend)
        }
        return summaries.sorted { ($0.setsDone, $1.name.lowercased()) > ($1.setsDone, $0.name.lowercased()) }
    }

    static func skipped(_ input: SummaryInput, counted: [SummaryInput.Set], sessionDates: [Int64: LocalDate], completed: Set<LocalDate>) -> [SkippedExercise] {
        // A set counts against the planned exercise it was logged against when that is
        // one of its day's as the plan now has them; else (a workout imported from
        // another tracker, or a day whose plan was revised after it was trained, which
        // gave its exercises new rows) against the day's exercise of its name.
        var plannedIDs: [LocalDate: Set<Int64>] = [:]
        var plannedByKey: [LocalDate: [String: Int64]] = [:]
        for day in input.plannedDays {
            for exercise in day.exercises {
                plannedIDs[day.date, default: []].insert(exercise.id)
                if plannedByKey[day.date]?[input.canonicalKey(exercise.name)] == nil {
                    plannedByKey[day.date, default: [:]][input.canonicalKey(exercise.name)] = exercise.id
                }
            }
        }
        var done: [LocalDate: [Int64: Int]] = [:]
        for set in counted {
            guard let date = sessionDates[set.sessionID] else { continue }
            let logged = set.plannedExerciseID.flatMap { plannedIDs[date]?.contains($0) == true ? $0 : nil }
            guard let id = logged ?? plannedByKey[date]?[set.exerciseKey ?? input.canonicalKey(set.name)] else { continue }
            done[date, default: [:]][id, default: 0] += 1
        }
        var result: [SkippedExercise] = []
        for day in input.plannedDays.sorted(by: { $0.date < $1.date }) where completed.contains(day.date) {
            for exercise in day.exercises {
                let logged = done[day.date]?[exercise.id] ?? 0
                if logged < exercise.sets {
                    let name = input.displayName(ofKey: input.canonicalKey(exercise.name), written: exercise.name)
                    result.append(SkippedExercise(date: day.date, name: name, setsDone: logged, setsPlanned: exercise.sets))
                }
            }
        }
        return result
    }

    /// Each type's figure of the week, beside the same figure before it: the average
    /// of the four weeks before for what is averaged (sleep, heart rate, HRV, steps: a
    /// week alone is noise), the week before's latest for what is a latest value (body
    /// mass, measurements). An average is of daily values (`HealthSample.dailyValues`),
    /// so that a day counts once however many samples it has.
    static func health(_ input: SummaryInput) -> [HealthSummary] {
        let weekEnd = input.weekStart.adding(days: 6)
        let days = HealthSample.dailyValues(input.health)
        func figure(_ days: [HealthSample], latest: Bool) -> Double? {
            guard !days.isEmpty else { return nil }
            if latest {
                return days.max { $0.date < $1.date }?.value
            }
            return days.reduce(0) { $0 + $1.value } / Double(days.count)
        }
        return HealthType.allCases.compactMap { type in
            let samples = input.health.filter { $0.type == type && $0.date >= input.weekStart && $0.date <= weekEnd }
            let ofType = days.filter { $0.type == type }
            let thisWeek = ofType.filter { $0.date >= input.weekStart && $0.date <= weekEnd }
            let previousStart = input.weekStart.adding(days: type.usesLatest ? -7 : -7 * HealthSummary.baselineWeeks)
            let lastWeek = ofType.filter { $0.date >= previousStart && $0.date < input.weekStart }
            guard let value = figure(thisWeek, latest: type.usesLatest) else { return nil }
            return HealthSummary(type: type, value: value, samples: samples.count, previous: figure(lastWeek, latest: type.usesLatest))
        }
    }
}

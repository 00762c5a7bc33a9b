import SessionCore
import SessionRPC
import SessionStore

/// Aliases: a name of one's own for an exercise, set, removed and listed, over the
/// exercises store. Reached as `service.aliases`.
struct AliasesFeature {
    let database: Database
}

extension AliasesFeature {
    /// `exercise.alias`: an alias set (its sets so far move to the exercise) or removed.
    func setAlias(_ params: ExerciseAliasSet.Params) throws -> Outcome {
        let aliasKey = params.alias.exerciseKey
        guard let typed = params.name else {
            guard let back = try database.exercises.removeAlias(aliasKey) else {
                throw RPCError.invalidParams([PathMessage(path: "params.alias", message: "\"\(aliasKey)\" is no alias")])
            }
            var effects = Effects()
            effects.sessionChanged = back > 0
            return Outcome(ExerciseAliasSet.Result { $0.alias = aliasKey; $0.name = nil; $0.movedSets = back }, effects: effects)
        }
        if let exercise = ExerciseCatalog.builtIn.exercise(key: aliasKey) {
            throw SessionError.aliasRefused(alias: aliasKey, reason: "\"\(params.alias)\" is a name of \(exercise.name) in the exercise catalog already")
        }
        let target = try aliasTarget(typed)
        guard target.exerciseKey != aliasKey else {
            throw RPCError.invalidParams([PathMessage(path: "params.name", message: "\"\(typed)\" is an alias of \"\(params.alias)\" already")])
        }
        try checkRoom(forAlias: aliasKey) { SessionError.aliasRefused(alias: aliasKey, reason: $0 + "; remove one first (sessionctl alias --remove ALIAS)") }
        let moved = try database.exercises.setAlias(aliasKey, name: target)
        var effects = Effects()
        effects.sessionChanged = moved > 0
        return Outcome(ExerciseAliasSet.Result { $0.alias = aliasKey; $0.name = target; $0.movedSets = moved }, effects: effects)
    }

    /// Throws what `refusal` makes of the reason when `aliasKey` would be a new alias
    /// past `SessionLimits.aliases`; changing an alias kept is always allowed.
    func checkRoom(forAlias aliasKey: String, _ refusal: (String) -> any Error) throws {
        let kept = try database.exercises.aliases()
        if let problem = Self.roomProblem(kept: kept.count, isKept: kept[aliasKey] != nil) { throw refusal(problem) }
    }

    /// Why one more alias has no room beside `kept` (nil: it has, or it is one of them).
    static func roomProblem(kept: Int, isKept: Bool) -> String? {
        kept >= SessionLimits.aliases && !isKept ? "\(kept) aliases are kept, the most there may be" : nil
    }

    /// The exercise an alias is made to name, as it is named: a catalog exercise, the
    /// exercise of an alias (an alias of an alias names what that one names), one logged
    /// or planned in the active plan; anything else is refused with the closest names,
    /// so a typo makes no exercise nobody did.
    private func aliasTarget(_ typed: String) throws -> String {
        let key = typed.exerciseKey
        if let exercise = ExerciseCatalog.builtIn.exercise(key: key) { return exercise.name }
        if let alias = try database.exercises.alias(key) { return alias.name }
        if let logged = try database.exercises.loggedName(exerciseKey: key) { return logged }
        let known = try database.plans.activePlanExerciseNames() + database.history.loggedExerciseNames(limit: SessionLimits.listLimit.upperBound)
        if let planned = known.first(where: { $0.exerciseKey == key }) { return planned }
        let close = ExerciseMatcher.suggestions(for: typed, among: known + ExerciseCatalog.builtIn.exercises.map(\.name)).first
        throw SessionError.aliasRefused(
            alias: typed, reason: "No exercise \"\(typed)\" in the catalog, your history or the plan" + (close.map { "; did you mean \($0)?" } ?? ""))
    }

    /// `exercise.aliases`.
    func listAliases() throws -> ExerciseAliases.Result {
        ResultList(try database.exercises.aliases().values.sorted { $0.alias < $1.alias }.map { item in ExerciseAliases.Alias {
            $0.alias = item.alias
            $0.name = item.name
        } })
    }
}

extension AliasesFeature {
    /// Setting and listing aliases.
    static let routes: [DaemonRoute] = [
        DaemonRoute(ExerciseAliasSet.self) { params, service in try service.aliases.setAlias(params) },
        DaemonRoute(ExerciseAliases.self) { _, service in Outcome(try service.aliases.listAliases()) },
    ]
}

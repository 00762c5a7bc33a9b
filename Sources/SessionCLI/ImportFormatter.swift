import SessionCore
import SessionRPC

/// What an import's exercise names became, counted one way wherever the import is
/// summed up: the first line's exercises are the catalog exercises and one's own the
/// names line lists, and the names are each spelling as the file wrote it.
struct ImportedExercises: Equatable {
    /// Each name as the file wrote it, once (two spellings of one lift are two names).
    var names = 0
    /// Of `names`, those that name a catalog exercise (by any of its names or an alias).
    var catalogNames = 0
    /// The distinct exercises `catalogNames` name.
    var catalog = 0
    /// The names of one's own, not in the catalog, as written.
    var own: [String] = []
    /// The distinct exercises of `own` (names differing only in case or spacing are one)
    /// that no catalogued name became.
    var ownExercises = 0
    /// Distinct exercises when the daemon said nothing of the names (an empty import).
    private var fallback = 0

    /// The exercises imported: the catalog's and one's own.
    var count: Int { names == 0 ? fallback : catalog + ownExercises }

    /// Counts `result.names` (`HistoryImport.Name`); `distinct` (`HistoryCounts.exercises`)
    /// stands when there are none.
    init(_ names: [HistoryImport.Name], distinct: Int) {
        self.names = names.count
        let catalogued = names.filter { $0.exercise != nil }
        catalogNames = catalogued.count
        let catalogKeys = Set(catalogued.compactMap { $0.exercise?.exerciseKey })
        catalog = catalogKeys.count
        own = names.filter { $0.exercise == nil }.map(\.name)
        // An alias may name one's own exercise: counted once, among the catalog's.
        ownExercises = Set(own.map(\.exerciseKey)).subtracting(catalogKeys).count
        fallback = distinct
    }
}

/// Renders what `import` (and the workouts of `health import`) stored or would store.
struct ImportFormatter {
    let console: Console

    /// "imported 3 workouts from strong: 20 sets (2 warm-ups), 4 exercises, 2026-01-05
    /// to 2026-03-02", and the workouts skipped as stored before.
    func printCounts(_ result: HistoryImport.Result, from source: String, dryRun: Bool) {
        let counts = result.imported ?? HistoryCounts()
        let exercises = ImportedExercises(result.names, distinct: counts.exercises)
        var line = (dryRun ? "would import " : "imported ") + plural(counts.workouts, "workout") + " from \(source): " + plural(counts.sets, "set")
            + (counts.warmups > 0 ? " (" + plural(counts.warmups, "warm-up") + ")" : "") + ", " + plural(exercises.count, "exercise")
        if let first = counts.first, let last = counts.last { line += ", \(first) to \(last)" }
        console.print(line)
        if result.skipped > 0 { console.print(console.dim(plural(result.skipped, "workout") + " already stored, skipped")) }
    }

    /// The exercises counted again by where they come from, "exercises: 99 from the
    /// catalog (124 names as written), 2 of your own", which add up to the first line's;
    /// with `all` each name the catalog knows by another spelling; the names of one's
    /// own (to alias).
    func printNames(_ names: [HistoryImport.Name], all: Bool) {
        guard !names.isEmpty else { return }
        let exercises = ImportedExercises(names, distinct: 0)
        var parts: [String] = []
        if exercises.catalog > 0 {
            parts.append("\(exercises.catalog) from the catalog"
                + (exercises.catalogNames == exercises.catalog ? "" : " (" + plural(exercises.catalogNames, "name") + " as written)"))
        }
        if exercises.ownExercises > 0 { parts.append("\(exercises.ownExercises) of your own") }
        console.print("exercises: " + parts.joined(separator: ", "))
        if all {
            for item in names where item.exercise != nil && ExerciseMatcher.matchKey(item.exercise ?? "") != ExerciseMatcher.matchKey(item.name) {
                console.print("  \(item.name) → \(item.exercise ?? "")")
            }
        }
        if !exercises.own.isEmpty {
            console.print(console.dim("your own (not in the catalog; sessionctl alias NAME EXERCISE makes one a catalog lift): " + exercises.own.joined(separator: ", ")))
        }
    }
}

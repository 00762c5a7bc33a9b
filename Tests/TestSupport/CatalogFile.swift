import SessionCore

/// The catalog file, read here on its own (not through `ExerciseCatalog`): its lines
/// between the literal's quotes, `|`-separated.
public struct CatalogFile {
    public struct Line {
        public let number: Int
        public let name: String
        public let equipment: String
        public let primary: [String]
        public let secondary: [String]
        public let flags: [String]
        public let otherNames: [String]
    }

    public let lines: [Line]

    public init() {
        let source = Fixtures.read(Fixtures.packageRoot + "/Sources/SessionCore/Catalog/ExerciseCatalog+Data.swift")
        let all = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = all.firstIndex { $0.hasSuffix("= \"\"\"") }! + 1
        let end = all[start...].firstIndex { $0.trimmingWhitespace() == "\"\"\"" }!
        func list(_ field: Substring) -> [String] { field.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty } }
        lines = all[start..<end].enumerated().compactMap { offset, text in
            let line = text.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 7 else { fatalError("catalog line \(start + offset + 1) has \(fields.count) fields") }
            return Line(number: start + offset + 1, name: String(fields[0]).trimmingWhitespace(), equipment: String(fields[1]).trimmingWhitespace(),
                        primary: list(fields[2]), secondary: list(fields[3]), flags: fields[5].split(separator: " ").map(String.init),
                        otherNames: list(fields[6]))
        }
    }
    /// The catalog line a name is on, compared lowercased with hyphens as spaces.
    public func line(named name: String) -> Line? {
        lines.first { line in ([line.name] + line.otherNames).contains { Self.plain($0) == Self.plain(name) } }
    }

    /// Hard sets per muscle for counted sets of the named exercises: 1 per primary
    /// muscle, ½ per secondary; cardio and mobility are no muscles.
    public func muscleSets(_ sets: [String: Int]) -> [String: Double] {
        var result: [String: Double] = [:]
        for (name, count) in sets {
            guard let line = line(named: name) else { continue }
            for muscle in line.primary where !["cardio", "mobility"].contains(muscle) { result[muscle, default: 0] += Double(count) }
            for muscle in line.secondary where !["cardio", "mobility"].contains(muscle) { result[muscle, default: 0] += Double(count) / 2 }
        }
        return result
    }

    public static func plain(_ name: String) -> String {
        name.lowercased().map { $0 == "-" || $0 == "_" ? " " : String($0) }.joined().split(separator: " ").joined(separator: " ")
    }

    /// The pairs of Tests/Fixtures/exercise-identities.txt: a name as the example
    /// exports and plans give it, and the catalog exercise it is.
    public static func identityPairs() -> [(name: String, exercise: String)] {
        Fixtures.read(Fixtures.packageRoot + "/Tests/Fixtures/exercise-identities.txt").split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "|").map { String($0).trimmingWhitespace() }
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
    }
}

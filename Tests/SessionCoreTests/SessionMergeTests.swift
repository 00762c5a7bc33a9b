import SessionCore
import Testing

/// A session's two registers between devices: the record, the later version's, and its
/// end, the latest end's. Each expectation states the rule again in its own terms.
@Suite struct SessionMergeTests {
    typealias Version = ConvergenceRule.SessionVersion

    static func reading(_ ms: Int64, _ device: String = "a1") -> HybridTimestamp {
        HybridTimestamp(wallMs: ms, counter: 0, device: device)
    }

    /// A session started at 10:00, as a device holds it at `ms`.
    static func version(_ ms: Int64, device: String = "a1", title: String, endedAtMs: Int? = nil, endHlc: HybridTimestamp? = nil,
                        rpe: Double? = nil, note: String? = nil, pausedSinceMs: Int? = nil, pausedTotalMs: Int = 0) -> Version {
        var session = SyncedSession()
        session.date = LocalDate(year: 2026, month: 12, day: 1)!
        session.startedAtMs = 1_000
        session.title = title
        session.endedAtMs = endedAtMs
        // An end given at this version's own reading unless said otherwise (a finish).
        session.endHlc = endedAtMs == nil ? nil : (endHlc ?? reading(ms, device)).text
        session.rpe = rpe
        session.note = note
        session.pausedSinceMs = pausedSinceMs
        session.pausedTotalMs = pausedTotalMs
        return Version(hlc: reading(ms, device), session: session)
    }

    @Test func aFinishAndAnEditOfTheRunningSessionElsewhereBothHoldWhicheverArrivesFirst() {
        let finish = Self.version(200, device: "a1", title: "Push", endedAtMs: 5_000, rpe: 8, note: "strong", pausedTotalMs: 60_000)
        let rename = Self.version(300, device: "b2", title: "Push day", note: "from the laptop", pausedSinceMs: 4_000, pausedTotalMs: 30_000)
        for merged in [ConvergenceRule.merge(rename, over: finish), ConvergenceRule.merge(finish, over: rename)] {
            #expect(merged.hlc == rename.hlc)
            #expect(merged.session.title == "Push day", "the record is the later version's")
            #expect(merged.session.endedAtMs == 5_000 && merged.session.pausedSinceMs == nil && merged.session.pausedTotalMs == 60_000)
            #expect(merged.session.rpe == 8 && merged.session.note == "strong", "the finish's effort and note")
            #expect(merged.session.endHlc == finish.hlc.text)
        }
    }

    @Test func anEditOfTheEndMadeLaterWinsOverAnEndMadeEarlier() {
        let finish = Self.version(200, device: "a1", title: "Push", endedAtMs: 5_000, rpe: 8)
        // The laptop heard of the finish and moved the end (its end reading is its edit's);
        // the phone meanwhile renamed the session, the end untouched (its end reading the finish's).
        let moved = Self.version(300, device: "b2", title: "Push", endedAtMs: 4_500, endHlc: Self.reading(300, "b2"), rpe: 7)
        let renamed = Self.version(400, device: "a1", title: "Push day", endedAtMs: 5_000, endHlc: finish.hlc, rpe: 8)
        for merged in [ConvergenceRule.merge(moved, over: renamed), ConvergenceRule.merge(renamed, over: moved)] {
            #expect(merged.session.title == "Push day" && merged.session.endedAtMs == 4_500 && merged.session.rpe == 7)
            #expect(merged.hlc == renamed.hlc && merged.session.endHlc == moved.hlc.text)
        }
    }

    /// Two ends whose changes are not known (made before ends kept their reading) tie
    /// on it and go by their contents, the later end first, in either order, even when
    /// the version with the earlier end carries the later reading.
    @Test func endsOfOneReadingGoByTheirContents() {
        let unknown = ConvergenceRule.unknownEnd
        let laterEnd = Self.version(200, title: "Push", endedAtMs: 6_000, endHlc: unknown, rpe: 9)
        let laterVersion = Self.version(300, device: "b2", title: "Push day", endedAtMs: 5_000, endHlc: unknown, rpe: 7)
        for merged in [ConvergenceRule.merge(laterEnd, over: laterVersion), ConvergenceRule.merge(laterVersion, over: laterEnd)] {
            #expect(merged.session.endedAtMs == 6_000 && merged.session.rpe == 9 && merged.session.title == "Push day" && merged.hlc == laterVersion.hlc)
        }
    }

    @Test func twoRunningVersionsAreTheLaterOne() {
        let early = Self.version(200, title: "Push", note: "a")
        let late = Self.version(300, device: "b2", title: "Pull", pausedSinceMs: 2_000)
        #expect(ConvergenceRule.merge(early, over: late) == late)
        #expect(ConvergenceRule.merge(late, over: early) == late)
    }

    /// Every order of arrival gives one session: the record's fields are those of the
    /// version with the latest reading, the end's those of the version with the latest
    /// end reading, over many versions drawn at random.
    @Test func anyOrderOfArrivalGivesOneSession() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 2...4, using: &generator)
            let msValues = Array(Set((0..<count).map { _ in Int64.random(in: 100...999, using: &generator) }))
            // Readings differ from version to version, as every change's does (an end
            // edited earlier than its version's own reading takes a device of its own).
            // An end given at the version's reading (a finish), edited at an earlier one
            // of its own, or unknown (made before ends kept theirs: these tie, and go by
            // their contents).
            let versions: [Version] = msValues.map { ms in
                let ended = Bool.random(using: &generator)
                let end = Int.random(in: 0...2, using: &generator)
                let endHlc = end == 0 ? nil : end == 1 ? Self.reading(ms - Int64.random(in: 0...50, using: &generator), "e\(ms)") : ConvergenceRule.unknownEnd
                return Self.version(ms, device: ms % 2 == 0 ? "a1" : "b2", title: "t\(ms)", endedAtMs: ended ? Int(ms) * 10 : nil,
                                    endHlc: endHlc, rpe: ended ? Double(ms % 10 + 1) : nil, note: "n\(ms)", pausedSinceMs: ended ? nil : Int(ms),
                                    pausedTotalMs: Int(ms))
            }
            let latest = versions.max { $0.hlc < $1.hlc }!
            func endKey(_ version: Version) -> (HybridTimestamp, Int, Int, Double, String) {
                let session = version.session
                return (session.endHlc.flatMap(HybridTimestamp.init(text:)) ?? ConvergenceRule.unknownEnd, session.endedAtMs ?? Int.min,
                        session.pausedTotalMs, session.rpe ?? -1, session.note ?? "")
            }
            let latestEnd = versions.filter { $0.session.endedAtMs != nil }.max { endKey($0) < endKey($1) }
            var results: [Version] = []
            for order in Self.permutations(versions) {
                results.append(order.dropFirst().reduce(order[0]) { held, incoming in ConvergenceRule.merge(incoming, over: held) })
            }
            #expect(Set(results.map { "\($0)" }).count == 1, "one session whatever the order: \(results)")
            let merged = results[0]
            #expect(merged.hlc == latest.hlc && merged.session.title == latest.session.title)
            #expect(merged.session.endedAtMs == latestEnd?.session.endedAtMs)
            #expect(merged.session.rpe == (latestEnd ?? latest).session.rpe && merged.session.note == (latestEnd ?? latest).session.note)
            #expect(merged.session.pausedSinceMs == (latestEnd == nil ? latest.session.pausedSinceMs : nil))
        }
    }

    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[T]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }
}

import SessionCore
import Testing

@Suite struct HybridClockTests {
    @Test func localChangesReadLaterEvenWhenTheWallClockStandsOrGoesBack() {
        var clock = HybridClock(device: "aa")
        let first = clock.tick(nowMs: 1000)
        let same = clock.tick(nowMs: 1000)
        let back = clock.tick(nowMs: 900)
        let on = clock.tick(nowMs: 1500)
        #expect(first == HybridTimestamp(wallMs: 1000, counter: 0, device: "aa"))
        #expect(same == HybridTimestamp(wallMs: 1000, counter: 1, device: "aa"))
        #expect(back == HybridTimestamp(wallMs: 1000, counter: 2, device: "aa"))
        #expect(on == HybridTimestamp(wallMs: 1500, counter: 0, device: "aa"))
        #expect(first < same && same < back && back < on)
    }

    @Test func aReadingSeenFromAheadMovesTheClockPastIt() {
        var clock = HybridClock(device: "aa", wallMs: 1000, counter: 4)
        let remote = HybridTimestamp(wallMs: 5000, counter: 7, device: "bb")
        clock.receive(remote, nowMs: 1200)
        let next = clock.tick(nowMs: 1300)
        #expect(next == HybridTimestamp(wallMs: 5000, counter: 9, device: "aa"))
        #expect(next > remote)
        var behind = HybridClock(device: "aa", wallMs: 1000, counter: 4)
        behind.receive(HybridTimestamp(wallMs: 10, counter: 99, device: "bb"), nowMs: 2000)
        #expect(behind.current == HybridTimestamp(wallMs: 2000, counter: 0, device: "aa"), "the wall clock ahead of both wins")
        var tied = HybridClock(device: "aa", wallMs: 1000, counter: 4)
        tied.receive(HybridTimestamp(wallMs: 1000, counter: 9, device: "bb"), nowMs: 1000)
        #expect(tied.current.counter == 10)
    }

    /// A reading from far ahead (a row written by hand) moves the clock no further than
    /// a year ahead of now, and a counter at its last digit
    /// rolls over into the next millisecond: every reading still reads later and back.
    @Test func aReadingFarAheadOrAtTheLastCounterLeavesTheClockReadable() {
        let now: Int64 = 1_764_979_200_000
        var clock = HybridClock(device: "aa", wallMs: now, counter: 0)
        clock.receive(HybridTimestamp(wallMs: 9_999_999_999_999, counter: HybridClock.maximumCounter, device: "bb"), nowMs: now)
        #expect(clock.current == HybridTimestamp(wallMs: now, counter: 0, device: "aa"), "a reading from the year 2286 is not followed")
        let yearAhead = HybridTimestamp(wallMs: now + HybridClock.maximumLeadMs, counter: 3, device: "bb")
        clock.receive(yearAhead, nowMs: now)
        #expect(clock.current > yearAhead, "a clock a year ahead is followed")
        var full = HybridClock(device: "aa", wallMs: now, counter: 0)
        full.receive(HybridTimestamp(wallMs: now, counter: HybridClock.maximumCounter, device: "bb"), nowMs: now)
        #expect(full.current == HybridTimestamp(wallMs: now + 1, counter: 0, device: "aa"))
        // A counter the text holds but the clock does not keep (written by hand) carries
        // too, so the store's ticks in SQL, one a change, have room to count.
        var near = HybridClock(device: "aa", wallMs: now, counter: 0)
        near.receive(HybridTimestamp(wallMs: now + 3_600_000, counter: 9_999_999_998, device: "bb"), nowMs: now)
        #expect(near.current == HybridTimestamp(wallMs: now + 3_600_001, counter: 0, device: "aa"))
        var ticking = HybridClock(device: "aa", wallMs: now, counter: HybridClock.maximumCounter)
        let next = ticking.tick(nowMs: now)
        #expect(next == HybridTimestamp(wallMs: now + 1, counter: 0, device: "aa"))
        #expect([clock.current, full.current, next].allSatisfy { HybridTimestamp(text: $0.text) == $0 })
    }

    @Test func theTextSortsAsTheClockAndReadsBack() {
        let readings = [
            HybridTimestamp(wallMs: 999, counter: 12, device: "ff"),
            HybridTimestamp(wallMs: 1000, counter: 2, device: "0a"),
            HybridTimestamp(wallMs: 1000, counter: 10, device: "01"),
            HybridTimestamp(wallMs: 1000, counter: 10, device: "02"),
            HybridTimestamp(wallMs: 1_764_979_200_000, counter: 0, device: "01"),
        ]
        #expect(readings.sorted() == readings)
        #expect(readings.map(\.text).sorted() == readings.map(\.text))
        #expect(readings.map { HybridTimestamp(text: $0.text) } == readings)
        #expect(readings[1].text == "0000000001000-0000000002-0a")
        for bad in ["", "1000-2-0a", "0000000001000-0000000002-0A", "0000000001000-0000000002-", "000000000100x-0000000002-0a"] {
            #expect(HybridTimestamp(text: bad) == nil, "\(bad)")
        }
        // The earliest reading stands before any a clock takes, even at the epoch on
        // the lowest device id.
        #expect(readings.allSatisfy { HybridTimestamp.earliest < $0 })
        #expect(HybridTimestamp.earliest < HybridTimestamp(wallMs: 0, counter: 0, device: "0"))
        #expect(HybridTimestamp(text: HybridTimestamp.earliest.text) == nil, "it is no reading a clock writes")
    }

    @Test func tombstonesAreFinalAndOtherwiseTheLaterReadingWins() {
        let early = HybridTimestamp(wallMs: 1, counter: 0, device: "aa")
        let late = HybridTimestamp(wallMs: 2, counter: 0, device: "aa")
        let outcomes = [
            ConvergenceRule.accepts(early, deletes: false, over: nil),
            ConvergenceRule.accepts(late, deletes: false, over: .init(hlc: early, deleted: false)),
            ConvergenceRule.accepts(early, deletes: false, over: .init(hlc: late, deleted: false)),
            ConvergenceRule.accepts(late, deletes: false, over: .init(hlc: late, deleted: false)),  // the same change twice
            ConvergenceRule.accepts(early, deletes: true, over: .init(hlc: late, deleted: false)),  // a deletion wins over any edit
            ConvergenceRule.accepts(late, deletes: false, over: .init(hlc: early, deleted: true)),
            ConvergenceRule.accepts(late, deletes: true, over: .init(hlc: early, deleted: true)),
        ]
        #expect(outcomes == [true, true, false, false, true, false, false])
    }
}

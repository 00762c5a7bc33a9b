import Testing
import SessionCore

/// `keep(where:)` keeps what it is told, in order, asking once per element, first to
/// last.
@Suite struct ArrayKeepTests {
    @Test func keepsInOrderAskingEachElementOnceInTurn() {
        var numbers = Array(1...10)
        var asked: [Int] = []
        numbers.keep { asked.append($0); return $0 % 3 != 0 }
        #expect(numbers == [1, 2, 4, 5, 7, 8, 10] && asked == Array(1...10))
        var none = [1, 2]
        none.keep { _ in false }
        var all = [3, 4]
        all.keep { _ in true }
        #expect(none.isEmpty && all == [3, 4])
    }
}

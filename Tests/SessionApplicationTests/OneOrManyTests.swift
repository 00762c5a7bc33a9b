import Testing

@testable import SessionApplication

/// A line's requests and replies: none, one in place, or many in an array, read as
/// one collection whichever it is.
@Suite struct OneOrManyTests {
    @Test func appendingKeepsOrderAcrossEveryShape() {
        var items = OneOrMany<Int>.none
        #expect(items.isEmpty && Array(items) == [])
        for value in 1...5 {
            items.append(value)
            #expect(Array(items) == Array(1...value) && items.count == value)
        }
        guard case .many = items else {
            Issue.record("five elements are kept in an array")
            return
        }
        #expect(items.map { $0 * 10 } == [10, 20, 30, 40, 50] && items[4] == 5)
    }

    @Test func anArrayTakesTheSmallestShape() {
        guard case .none = OneOrMany<String>([]), case .one("a") = OneOrMany(["a"]), case .many(let both) = OneOrMany(["a", "b"]) else {
            Issue.record("0, 1 and 2 elements take none, one and many")
            return
        }
        #expect(both == ["a", "b"])
        #expect(OneOrMany(["x"]).first == "x" && OneOrMany(["x", "y"]).last == "y")
    }
}

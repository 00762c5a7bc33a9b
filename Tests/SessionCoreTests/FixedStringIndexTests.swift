import Testing
import SessionCore

/// A fixed string index: every name at its position, and nothing
/// else, however the names share slots.
@Suite struct FixedStringIndexTests {
    @Test(arguments: [0, 1, 7, 8, 9, 40, 300])
    func findsEveryNameAndNothingElse(count: Int) {
        let names = (0..<count).map { "method.\($0 * 7919 % 1000)" }
        let index = FixedStringIndex(names)
        for (position, name) in names.enumerated() {
            #expect(index.position(of: name) == position, "\(name)")
        }
        for unknown in ["", "method.", "method.1000", "Method.0", "method.0 ", String(repeating: "x", count: 5000)] {
            #expect(index.position(of: unknown) == nil, "\(unknown.prefix(20))")
        }
    }

    @Test func namesTellApartByEveryByte() {
        let names = ["session.log", "session.lag", "session.lo", "session.logs", "séssion.log"]
        let index = FixedStringIndex(names)
        #expect(names.map { index.position(of: $0) } == [0, 1, 2, 3, 4])
        #expect(index.position(of: "session.lug") == nil)
    }
}

import SessionCore
import JSON

/// Typed access to a request's params object (by name). Every problem is collected
/// with its path (`params.reps`) so one -32602 reply names them all.
public struct Params: Sendable {
    /// The params object's members as they stand in the request line.
    private let members: [(key: String, value: JSONSlice)]
    /// Problems found so far.
    public private(set) var errors: [PathMessage] = []
    /// Which of the first 64 members a decoder has read (bit i: member i): a member
    /// no declared param read is an unknown parameter (`refuseUnread`).
    private var read: UInt64 = 0
    /// The lengths of the members' names in UTF-8 bytes (bit n: a name of n bytes; bit
    /// 63 stands for 63 and longer): a declared param whose length no member has is
    /// absent without a comparison. Every declared param is looked up on every request
    /// and a request names a few of them, so this answers most look-ups.
    private let nameLengths: UInt64

    /// The bytes the request's line keeps in memory while these params are held (its
    /// text and tape, `JSONSlice.documentFootprint`); 0 without params.
    public let footprint: Int

    /// A request line's params object (nil: the request has none).
    public init(object: JSONSlice?) {
        members = object?.members ?? []
        footprint = object?.documentFootprint ?? 0
        nameLengths = members.reduce(0) { $0 | Self.lengthBit($1.key.utf8.count) }
    }

    @inline(__always)
    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// Params built in code (tests, tools): written out and read back as a client's.
    public init(_ value: JSONValue) { self.init(object: try? JSONSlice.document(value.jsonBytes)) }

    /// A param as it stands in the line, nil when absent or null.
    func slice(_ name: String) -> JSONSlice? {
        index(of: name).flatMap { members[$0].value.isNull ? nil : members[$0].value }
    }

    /// A param a decoder reads: as `slice`, and marked as read.
    @inline(__always)
    mutating func take(_ name: String) -> JSONSlice? {
        // Every member read already (the usual case for the last declared params, as a
        // request names a few of them): none can be this one (the names are distinct,
        // `duplicateKey` refused the line otherwise), no comparison needed.
        if everyMemberRead { return nil }
        guard let index = index(of: name) else { return nil }
        if index < 64 { read |= 1 << UInt64(index) }
        return members[index].value.isNull ? nil : members[index].value
    }

    /// True when a decoder has read every member (only the first 64 are tracked: with
    /// more, never).
    @inline(__always)
    private var everyMemberRead: Bool {
        let count = members.count
        return count <= 64 && read == (count == 64 ? .max : (1 << UInt64(count)) - 1)
    }

    @inline(__always)
    private func index(of name: String) -> Int? {
        // Lengths first: most names differ in length, and that is cheaper to see than a
        // string comparison.
        let length = name.utf8.count
        guard nameLengths & Self.lengthBit(length) != 0 else { return nil }
        return members.firstIndex { $0.key.utf8.count == length && $0.key == name }
    }

    /// The value of a param, nil when absent or null.
    public func raw(_ name: String) -> JSONValue? { slice(name)?.value }

    /// True when the param is present and not null.
    public func has(_ name: String) -> Bool { slice(name) != nil }

    /// Names present in the object.
    public var names: [String] { members.map(\.key) }

    /// Records a problem with a param.
    public mutating func fail(_ name: String, _ message: String) {
        errors.append(PathMessage(path: "params." + name, message: message))
    }

    /// Records a problem inside a param, at its full path (`params.workouts[3].reps`).
    public mutating func fail(path: String, _ message: String) {
        errors.append(PathMessage(path: path, message: message))
    }

    /// Records every member no decoder read as an unknown parameter of `method`, ahead
    /// of the problems recorded so far; `known`, the names it takes, is asked for only
    /// then (every declared param is read, so a member not read is not one of them).
    mutating func refuseUnread(of method: String, known: () -> [String]) {
        guard !everyMemberRead else { return }
        let known = known()
        let unknown = members.indices.filter { index in
            index < 64 ? read & (1 << UInt64(index)) == 0 : !known.contains(members[index].key)
        }.map { members[$0] }
        guard !unknown.isEmpty else { return }
        // What the method takes is said once, with the first: a line of 50,000 unknown
        // names would otherwise get a reply of megabytes (`RPCError.invalidParams` lists
        // a bounded number of problems).
        let takes = known.isEmpty ? "none" : known.joined(separator: ", ")
        let room = unknown.count > RPCError.maximumListedProblems ? RPCError.maximumListedProblems - 1 : unknown.count
        var listed = unknown.prefix(room).enumerated().map { offset, member in
            PathMessage(path: "params." + member.key, message: offset == 0 ? "unknown parameter; \(method) takes \(takes)" : "unknown parameter")
        }
        if unknown.count > listed.count { listed.append(PathMessage(path: "params", message: "and \(unknown.count - listed.count) more unknown parameters")) }
        errors.insert(contentsOf: listed, at: 0)
    }

    /// True when a problem was recorded for the param.
    public func failed(_ name: String) -> Bool { errors.contains { $0.path == "params." + name } }

    /// Refuses `date` of the param `name` when its week ends past 9999-12-31: no answer
    /// about it could write its last day.
    public mutating func failWeekPastTheLastDate(_ name: String, _ date: LocalDate?) {
        if let date, !PlanLimits.weekStarts.contains(date.mondayOfWeek), !failed(name) {
            fail(name, "\(date) lies in a week that ends past 9999-12-31")
        }
    }

    /// Fails with -32602 when any problem was recorded.
    public func check() throws(RPCError) {
        if !errors.isEmpty { throw .invalidParams(errors) }
    }

    private mutating func missing(_ name: String, required: Bool) {
        if required { fail(name, "is required") }
    }

    /// An integer within `range`.
    /// The text decides, not a double: `5.0000000000000000001` and `1e-400` are refused.
    public mutating func int(_ name: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let found = take(name) else { missing(name, required: required); return nil }
        guard let number = found.exactInteger, range.contains(number) else {
            fail(name, "must be an integer from \(range.lowerBound) to \(range.upperBound), got \(found.text)")
            return nil
        }
        return number
    }

    /// An id (a positive integer).
    public mutating func id(_ name: String, required: Bool = false) -> Int64? {
        int(name, in: 1...Int(Self.maximumID), required: required).map(Int64.init)
    }

    /// The largest row id a param may name.
    public static let maximumID = Int64(Int32.max) * 1_000_000

    /// A number within `range`; `step` (e.g. 0.5) when values must be multiples of it.
    public mutating func number(_ name: String, in range: ClosedRange<Double>, step: Double? = nil, required: Bool = false) -> Double? {
        guard let found = take(name) else { missing(name, required: required); return nil }
        // Built only on failure: this runs for every number of every set logged.
        func text() -> String { "must be a number from \(JSONValue.format(number: range.lowerBound)) to \(JSONValue.format(number: range.upperBound))" }
        guard let number = found.numberValue, range.contains(number) else {
            fail(name, "\(text()), got \(found.text)")
            return nil
        }
        if let step, (number / step).rounded() != number / step {
            fail(name, "\(text()) in steps of \(JSONValue.format(number: step)), got \(found.text)")
            return nil
        }
        return number
    }

    /// A string of at most `maxLength` characters (after `transform`).
    public mutating func string(_ name: String, maxLength: Int, required: Bool = false, transform: (String) -> String = { $0 }) -> String? {
        guard let found = take(name) else { missing(name, required: required); return nil }
        guard let text = found.string else {
            fail(name, "must be a string, got \(found.typeDescription)")
            return nil
        }
        let result = transform(text)
        guard result.hasAtMost(characters: maxLength) else {
            fail(name, "must be at most \(maxLength) characters, got \(result.count)")
            return nil
        }
        return result
    }

    /// A boolean.
    public mutating func bool(_ name: String) -> Bool? {
        guard let found = take(name) else { return nil }
        guard let flag = found.boolValue else {
            fail(name, "must be true or false, got \(found.isArray || found.isObject ? found.typeDescription : String(found.text.prefix(40)))")
            return nil
        }
        return flag
    }

    /// A date as YYYY-MM-DD.
    public mutating func date(_ name: String, required: Bool = false) -> LocalDate? {
        guard let found = take(name) else { missing(name, required: required); return nil }
        guard let text = found.string, let date = LocalDate(text) else {
            fail(name, "must be a date as YYYY-MM-DD, got \(found.text)")
            return nil
        }
        return date
    }

    /// One of `choices` (listed only when needed: to check a value, or to say what a
    /// missing required one may be).
    public mutating func choice(_ name: String, _ choices: @autoclosure () -> [String], required: Bool = false) -> String? {
        guard let found = take(name) else {
            if required { fail(name, "is required; one of \(choices().joined(separator: ", "))") }
            return nil
        }
        let choices = choices()
        guard let text = found.string, choices.contains(text) else {
            fail(name, "must be one of \(choices.joined(separator: ", ")), got \(found.text)")
            return nil
        }
        return text
    }

    /// An RFC 3339 timestamp, or a local date and time without an offset that
    /// `instant` places in the daemon's zone; not later than `notAfterMs`.
    public mutating func timestamp(_ name: String, notAfterMs: Int64, instant: (LocalDateTime) -> Int64 = DecodingContext.utc) -> Timestamp? {
        guard let found = take(name) else { return nil }
        guard let text = found.string, let time = Timestamp(text) ?? LocalDateTime(text).map({ Timestamp(ms: instant($0), text: text) }) else {
            fail(name, "must be an RFC 3339 timestamp such as 2026-11-30T18:05:00+01:00 (or 2026-11-30T18:05 in the daemon's zone), got \(found.text)")
            return nil
        }
        guard time.ms <= notAfterMs else {
            fail(name, "is in the future: \(text)")
            return nil
        }
        guard time.ms >= SessionLimits.earliestMs else {
            fail(name, "must lie between 1970-01-01 and now, got \(text)")
            return nil
        }
        return time
    }

    /// An array of strings, each at most `maxLength` characters, at most `maxCount` of them.
    public mutating func strings(_ name: String, maxCount: Int, maxLength: Int) -> [String]? {
        // Counted on the tape first: a tree of a long array is built only within the bound.
        guard let slice = take(name) else { return nil }
        guard (slice.elementCount ?? 0) <= maxCount, let items = slice.value.arrayValue, items.count <= maxCount,
            items.allSatisfy({ ($0.stringValue?.count ?? .max) <= maxLength })
        else {
            fail(name, "must be an array of at most \(maxCount) strings of at most \(maxLength) characters")
            return nil
        }
        return items.compactMap(\.stringValue)
    }
}

import CExpat
import Glibc

/// What `ExpatStream` tells as it reads a document's elements; a message returned by
/// `startElement` refuses the document at that start tag.
public protocol ExpatHandler: AnyObject {
    /// A start tag: its name and attributes (valid during the call); a message refuses it.
    func startElement(_ name: UnsafePointer<CChar>, _ attributes: ExpatAttributes) -> String?
    /// An end tag (or the end of an empty element).
    func endElement(_ name: UnsafePointer<CChar>)
}

/// A start tag's attributes as libexpat hands them (name, value, …, then NULL), their
/// references already replaced: valid only during the call that hands them over.
public struct ExpatAttributes {
    /// libexpat's array: a name, its value, and so on, then NULL.
    public let pairs: UnsafeMutablePointer<UnsafePointer<CChar>?>

    /// The value of the attribute `name`, as libexpat's C string.
    public func raw(_ name: StaticString) -> UnsafePointer<CChar>? {
        var index = 0
        while let key = pairs[index] {
            if Self.equal(key, name) { return pairs[index + 1] }
            index += 2
        }
        return nil
    }

    /// The value of the attribute `name`.
    public func string(_ name: StaticString) -> String? { raw(name).map { String(cString: $0) } }

    /// Whether the C string `text` spells `literal`.
    public static func equal(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        return memcmp(text, literal.utf8Start, count) == 0 && text[count] == 0
    }
}

/// libexpat, wrapped once: a document fed a piece at a time (at most `pieceBytes` to each
/// `XML_Parse`), its elements handed to an `ExpatHandler` as they end. libexpat holds a
/// token (a tag with its attributes, a comment, a processing instruction, a declaration)
/// until its last byte has come, and reads it again from its start with each piece: so a
/// token still open `tokenLimit` bytes after it began is refused at its line and column,
/// which keeps the time linear in the file and the buffer small. Elements nested deeper
/// than `depthLimit` are refused, and libexpat's own allocations (names, entities, its
/// buffer) are counted against `memoryLimit`. Text is passed over as it comes, never
/// held. Entities are libexpat's: its billion-laughs protection bounds their expansion,
/// and no external entity is read (no handler for them is set).
public final class ExpatStream {
    /// A document refused, and where (columns count characters, from 1).
    public struct Failure: Error, CustomStringConvertible {
        /// The place (line and column, from 1) and what is wrong there.
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// A token longer than this is refused (the Health app writes none over a few kilobytes).
    public static let tokenLimit = 1 << 20
    /// Elements open at once, at most (the Health app's nest four deep).
    public static let depthLimit = 256
    /// Bytes libexpat may hold for one document.
    public static let memoryLimit = 32 << 20
    /// The most handed to one `XML_Parse`.
    public static let pieceBytes = 1 << 16

    private unowned(unsafe) let handler: ExpatHandler
    private let parser: XML_Parser
    private let budget: ExpatBudget
    private var failure: Failure?
    /// Bytes fed, and elements open.
    private var fed: Int64 = 0
    /// Elements open now.
    public private(set) var depth = 0

    /// A parser that tells `handler` of the elements of a UTF-8 document.
    public init(handler: ExpatHandler) throws(Failure) {
        self.handler = handler
        let budget = ExpatBudget(limit: Self.memoryLimit)
        self.budget = budget
        var suite = XML_Memory_Handling_Suite(
            malloc_fcn: { ExpatBudget.allocate($0) }, realloc_fcn: { ExpatBudget.reallocate($0, $1) }, free_fcn: { ExpatBudget.release($0) })
        guard let parser = budget.during({ XML_ParserCreate_MM("UTF-8", &suite, nil) }) else {
            throw Failure(line: 0, column: 0, message: "the XML parser could not be made")
        }
        self.parser = parser
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, { user, name, attributes in
            guard let user, let name, let attributes else { return }
            Unmanaged<ExpatStream>.fromOpaque(user).takeUnretainedValue().start(name, ExpatAttributes(pairs: attributes))
        }, { user, name in
            guard let user, let name else { return }
            Unmanaged<ExpatStream>.fromOpaque(user).takeUnretainedValue().end(name)
        })
    }

    deinit { budget.during { XML_ParserFree(parser) } }

    /// Parses the next piece of the document. A piece never takes a pending token past
    /// `tokenLimit` bytes from its start, so one longer is refused before its end is read
    /// and one at the limit is read; a pending token's pieces grow with it, so that
    /// libexpat's reading it again from its start costs at most twice its length.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            // Where the token libexpat holds begins: the bytes since are not read yet.
            let begun = Int64(XML_GetCurrentByteIndex(parser))
            let pending = begun >= 0 ? Int(fed - begun) : 0
            if pending >= Self.tokenLimit {
                throw tooLong()
            }
            let count = min(max(Self.pieceBytes, pending), Self.tokenLimit - pending, bytes.count - offset)
            try parse(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), isFinal: false)
            offset += count
            fed += Int64(count)
        }
        let begun = Int64(XML_GetCurrentByteIndex(parser))
        if begun >= 0, fed - begun >= Int64(Self.tokenLimit) {
            throw tooLong()
        }
    }

    /// Ends the document: it must be complete and well-formed.
    public func finish() throws(Failure) {
        try parse(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
    }

    /// Refuses the document at the element being read (from a handler).
    private func refuse(_ message: String) {
        guard failure == nil else { return }
        failure = place(message)
        XML_StopParser(parser, XML_FALSE)
    }

    private func start(_ name: UnsafePointer<CChar>, _ attributes: ExpatAttributes) {
        guard failure == nil else { return }
        depth += 1
        if depth > Self.depthLimit {
            refuse("elements nested more than \(Self.depthLimit) deep (a health export's nest four)")
            return
        }
        if let message = handler.startElement(name, attributes) { refuse(message) }
    }

    private func end(_ name: UnsafePointer<CChar>) {
        guard failure == nil else { return }
        depth -= 1
        handler.endElement(name)
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws(Failure) {
        let status = budget.during {
            XML_Parse(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), isFinal ? 1 : 0)
        }
        if let failure { throw failure }
        guard status == XML_STATUS_ERROR else { return }
        if budget.exceeded {
            throw place("the XML parser would hold more than \(Self.memoryLimit >> 20) MiB (more names or entities than a health export has)")
        }
        throw place("not well-formed XML: " + String(cString: XML_ErrorString(XML_GetErrorCode(parser))))
    }

    /// `message` at the place the parser has reached.
    private func place(_ message: String) -> Failure {
        Failure(line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)) + 1, message: message)
    }

    /// The token libexpat holds refused, at its start.
    private func tooLong() -> Failure {
        place("\(pendingToken()) longer than \(Self.tokenLimit >> 20) MiB (a health export's are a few kilobytes)")
    }

    /// What the token libexpat holds is, from its first bytes.
    private func pendingToken() -> String {
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let context = XML_GetInputContext(parser, &offset, &size), offset >= 0, offset + 4 <= size else { return "a token" }
        let head = UnsafeRawPointer(context + Int(offset)).assumingMemoryBound(to: UInt8.self)
        guard head[0] == UInt8(ascii: "<") else { return "a token" }
        switch head[1] {
        case UInt8(ascii: "?"): return "a processing instruction"
        case UInt8(ascii: "/"): return "an end tag"
        case UInt8(ascii: "!"): return head[2] == UInt8(ascii: "-") ? "a comment" : "a declaration"
        default: return "a tag"
        }
    }
}

/// The bytes libexpat holds for one parser, counted by the allocator it is given: the
/// budget of the parser at work is the thread's (set around each call into libexpat),
/// and an allocation past its limit fails, which libexpat reports as out of memory.
private final class ExpatBudget {
    /// Bytes it allows, and those held now.
    public let limit: Int
    public private(set) var used = 0
    public private(set) var exceeded = false

    /// A budget of `limit` bytes.
    public init(limit: Int) { self.limit = limit }

    /// The thread's budget while libexpat runs.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var current: ExpatBudget? {
        pthread_getspecific(key).map { Unmanaged<ExpatBudget>.fromOpaque($0).takeUnretainedValue() }
    }

    /// `body` (a call into libexpat) with this budget the thread's.
    public func during<T>(_ body: () -> T) -> T {
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, nil) }
        return body()
    }

    /// libexpat's malloc: nil past the thread's budget.
    public static func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        guard let budget = current else { return malloc(size) }
        guard budget.used + size <= budget.limit else {
            budget.exceeded = true
            return nil
        }
        let pointer = malloc(size)
        if let pointer { budget.used += malloc_usable_size(pointer) }
        return pointer
    }

    /// libexpat's realloc: nil past the thread's budget, the block then left as it was.
    public static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let budget = current else { return realloc(pointer, size) }
        let before = pointer.map { malloc_usable_size($0) } ?? 0
        guard budget.used - before + size <= budget.limit else {
            budget.exceeded = true
            return nil
        }
        let moved = realloc(pointer, size)
        if let moved { budget.used += malloc_usable_size(moved) - before }
        return moved
    }

    /// libexpat's free.
    public static func release(_ pointer: UnsafeMutableRawPointer?) {
        if let pointer, let budget = current { budget.used -= malloc_usable_size(pointer) }
        free(pointer)
    }
}

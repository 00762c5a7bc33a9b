/// A line's requests or replies: none, one kept in place, or a batch's in an array.
/// Most lines carry one request, and an array for it was an allocation (and a free on
/// the other thread) for every request and again for its reply.
package enum OneOrMany<Element>: RandomAccessCollection {
    case none
    case one(Element)
    case many([Element])

    init(_ elements: [Element]) {
        switch elements.count {
        case 0: self = .none
        case 1: self = .one(elements[0])
        default: self = .many(elements)
        }
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch self {
        case .none: 0
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    package subscript(position: Int) -> Element {
        switch self {
        case .none: preconditionFailure("index \(position) of an empty OneOrMany")
        case .one(let element):
            precondition(position == 0, "index \(position) of a single element")
            return element
        case .many(let elements): return elements[position]
        }
    }

    /// Adds `element` at the end (a second element moves both into an array).
    mutating func append(_ element: Element) {
        switch self {
        case .none: self = .one(element)
        case .one(let first): self = .many([first, element])
        case .many(var elements):
            self = .none  // the array is uniquely referenced again: appended in place
            elements.append(element)
            self = .many(elements)
        }
    }
}

extension OneOrMany: Sendable where Element: Sendable {}

/// A location inside a JSON document, printed as `days[2].exercises[0].sets`; the
/// document itself prints as `$`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    private var text: String

    /// The document root.
    public static let root = JSONPath(text: "")

    private init(text: String) { self.text = text }

    /// The member `key` of the object here.
    public func key(_ key: String) -> JSONPath {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_"
        }
        let component = simple ? key : "[" + JSONValue.string(key).jsonText + "]"
        if !simple { return JSONPath(text: text + component) }
        return JSONPath(text: text.isEmpty ? component : text + "." + component)
    }

    /// The element at `index` of the array here.
    public func index(_ index: Int) -> JSONPath {
        JSONPath(text: text + "[\(index)]")
    }

    public var description: String { text.isEmpty ? "$" : text }
}

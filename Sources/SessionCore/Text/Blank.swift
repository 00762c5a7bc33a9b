/// A value built from its blank form by setting what is given. A wire type (a method's
/// params or result, an object with a wire form) declares its members once, in
/// `code(_:)`, and needs no memberwise initialiser beside it: callers write
/// `SessionLog.Params { $0.reps = 5 }`, naming only what they give.
public protocol Blank {
    /// Every member at its default (absent, empty or zero).
    init()
}

extension Blank {
    /// The blank value with the members `build` sets.
    @inlinable
    public init(_ build: (inout Self) throws -> Void) rethrows {
        self.init()
        try build(&self)
    }
}

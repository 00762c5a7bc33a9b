import SessionCore

extension SetKind {
    /// The kind as the `kind` column stores it (its raw value), as a literal the set
    /// inserts bind in place (`Statement.Parameters.bind(literal:)`).
    var sqlLiteral: StaticString {
        switch self {
        case .normal: "normal"
        case .warmup: "warmup"
        case .drop: "drop"
        case .failure: "failure"
        }
    }
}

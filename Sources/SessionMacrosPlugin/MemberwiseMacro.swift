import SwiftSyntax
import SwiftSyntaxMacros

/// `@Memberwise`: the initialiser Swift writes for a struct, but with the type's own
/// access (Swift's is internal, so a public type used from another module needs one
/// written out). One parameter per stored property in declared order; a `var` with an
/// initial value takes it as the parameter's default, a `let` with one is left out.
struct MemberwiseMacro: MembersMacro {
    static func members(of declaration: some DeclGroupSyntax) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else { throw MacroError("@Memberwise applies to a struct") }
        var parameters: [String] = []
        var assignments: [String] = []
        for property in try StoredProperty.all(of: declaration, for: "@Memberwise") {
            if property.isLet && property.initialValue != nil { continue }
            guard let type = property.type else {
                throw MacroError("@Memberwise: give '\(property.name)' a type, the initialiser's parameter needs one", at: property.node)
            }
            let function = type.as(AttributedTypeSyntax.self)?.baseType ?? type
            let escaping = function.is(FunctionTypeSyntax.self) ? "@escaping " : ""
            let defaultValue = property.initialValue.map { " = \($0)" } ?? ""
            parameters.append("\(property.name): \(escaping)\(type)\(defaultValue)")
            assignments.append("self.\(property.name) = \(property.name)")
        }
        let access = StoredProperty.access(of: declaration)
        return ["\(raw: access)init(\(raw: parameters.joined(separator: ", "))) {\n\(raw: assignments.joined(separator: "\n"))\n}"]
    }
}

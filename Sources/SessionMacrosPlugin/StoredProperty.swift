import SwiftSyntax

/// A stored instance property of a type's declaration, as written.
struct StoredProperty {
    let name: String
    /// The written type; nil when the property has none (`var count = 0`).
    let type: TypeSyntax?
    /// The written initial value.
    let initialValue: ExprSyntax?
    let isLet: Bool
    /// The declaration's attributes (`@Member(…)`).
    let attributes: AttributeListSyntax
    /// The declaration, where an error about the property is reported.
    let node: VariableDeclSyntax

    /// The stored instance properties of `group`, in the order declared: not static,
    /// not computed. A binding without a type takes the next one's (`var a, b: Int`).
    /// Members under `#if` and tuple patterns (`var (a, b) = …`) are refused: a macro
    /// would leave them out without a word.
    static func all(of group: some DeclGroupSyntax, for macro: String) throws -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in group.memberBlock.members {
            if member.decl.is(IfConfigDeclSyntax.self) {
                throw MacroError("\(macro): declare the members outside #if; what it writes lists every stored property", at: member.decl)
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
            else { continue }
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                if let accessors = binding.accessorBlock, !accessors.isObservers { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw MacroError("\(macro): declare '\(binding.pattern.trimmed)' one property at a time", at: binding)
                }
                let type = binding.typeAnnotation?.type
                    ?? bindings[index...].lazy.compactMap(\.typeAnnotation?.type).first.flatMap { binding.initializer == nil ? $0 : nil }
                properties.append(StoredProperty(
                    name: name, type: type?.trimmed, initialValue: binding.initializer?.value.trimmed,
                    isLet: variable.bindingSpecifier.tokenKind == .keyword(.let), attributes: variable.attributes,
                    node: variable
                ))
            }
        }
        return properties
    }

    /// `public`, `package` or nothing: the access a struct's members generated for it take.
    static func access(of group: some DeclGroupSyntax) -> String {
        for modifier in group.modifiers where ["public", "package"].contains(modifier.name.text) {
            return modifier.name.text + " "
        }
        return ""
    }
}

extension AccessorBlockSyntax {
    /// Only `willSet`/`didSet`: the property is stored.
    var isObservers: Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}

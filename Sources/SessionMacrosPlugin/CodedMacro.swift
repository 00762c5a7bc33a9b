import SwiftSyntax
import SwiftSyntaxMacros

/// `@Coded`: a wire object's `code(_:)`, one member per stored property in declared
/// order, and the blank `init()` its reader starts from when the type writes none.
///
/// A member's key is the property's name with each run of capitals written as a word
/// (`setID` → `setId`, `averageRPE` → `averageRpe`). It is coded by the coder's
/// `member` for its type (`id` for an `Int64`, `object` for a nested object, …)
/// unless `@Member` says otherwise: `@Member(.timestamp)`, `@Member(.number, places: 2)`,
/// `@Member(key: "planName")`. What the coder is given comes from `@Member`'s words as
/// they are written: `@Member(.text, maxLength: 200)` codes
/// `try coder.text("note", &note, maxLength: 200)`.
struct CodedMacro: MemberMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else { throw MacroError("@Coded applies to a struct") }
        var lines: [String] = []
        for property in StoredProperty.all(of: declaration) {
            if property.isLet { throw MacroError("@Coded: '\(property.name)' is a let; a coded member is read into, so it must be a var") }
            lines.append(try Self.line(for: property))
        }
        let access = StoredProperty.access(of: declaration)
        var members: [DeclSyntax] = [
            """
            \(raw: access)mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            \(raw: lines.joined(separator: "\n"))
            }
            """,
        ]
        if !Self.declaresBlankInit(declaration) { members.insert("\(raw: access)init() {}", at: 0) }
        return members
    }

    /// `try coder.<coding>("<key>", &<name>[, <words>])` for one property.
    static func line(for property: StoredProperty) throws -> String {
        var coding = "member"
        var key = wireKey(property.name)
        var words: [String] = []
        if let member = property.attributes.memberAttribute, case .argumentList(let arguments) = member.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case nil:
                    guard let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
                        throw MacroError("@Member: '\(argument.expression)' is no coding (write it as .timestamp, .text, …)")
                    }
                    coding = name
                case "key":
                    guard let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                        throw MacroError("@Member: key is a string literal")
                    }
                    key = text
                case let label?:
                    words.append("\(label): \(argument.expression.trimmed)")
                }
            }
        }
        return "try coder.\(coding)(\"\(key)\", &\(property.name)\(words.map { ", " + $0 }.joined()))"
    }

    /// The member's name on the wire: each run of capitals written as a word.
    static func wireKey(_ name: String) -> String {
        var key = ""
        var previousWasCapital = false
        for character in name {
            key.append(previousWasCapital && character.isUppercase ? Character(character.lowercased()) : character)
            previousWasCapital = character.isUppercase
        }
        return key
    }

    static func declaresBlankInit(_ declaration: some DeclGroupSyntax) -> Bool {
        declaration.memberBlock.members.contains { member in
            member.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
        }
    }
}

/// `@Member`: how `@Coded` codes one property. It adds nothing of its own.
struct MemberMarkerMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

extension AttributeListSyntax {
    var memberAttribute: AttributeSyntax? {
        lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "Member" }
    }
}

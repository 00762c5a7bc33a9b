import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Coded`: an object's `code(_:)` (`MemberCodable`'s), one member per stored property in declared
/// order, and the blank `init()` its reader starts from when the type writes none.
///
/// A member's key is the property's name with each run of capitals written as a word
/// (`setID` → `setId`, `averageRPE` → `averageRpe`). It is coded by the coder's
/// `member`, the usual coding for its type (`id` for an `Int64`, `object` for a nested
/// object, …), unless `@Member` says otherwise: `@Member(.timestamp)`,
/// `@Member(.number, places: 2)`, `@Member(key: "planName")`; `@Member(.members)` writes
/// a nested object's members among the type's own. `@Member`'s other words
/// go to the coder as written: `@Member(.text, maxLength: 200) var note` codes
/// `try coder.text("note", &note, maxLength: 200)`.
struct CodedMacro: CodingMacro {
    static let members = CodedMembers(
        macro: "@Coded", attribute: "Member", defaultCoding: "member", call: "try coder.",
        signature: "mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure)", inlinable: true
    )
}

/// `@CodedParams`: a method's params' `code(_:)`, one param per stored property in
/// declared order, each declared by its `@Param` (the `ParamsCoder` method, then what
/// it takes, its summary last), and the blank `init()`. Keys as `@Coded` makes them.
struct CodedParamsMacro: CodingMacro {
    static let members = CodedMembers(
        macro: "@CodedParams", attribute: "Param", defaultCoding: nil, call: "coder.",
        signature: "mutating func code(_ coder: inout some ParamsCoder)"
    )
}

/// A macro that writes a `code(_:)` from the stored properties, as `members` says.
protocol CodingMacro: MembersMacro {
    static var members: CodedMembers { get }
}

extension CodingMacro {
    static func members(of declaration: some DeclGroupSyntax) throws -> [DeclSyntax] {
        try members.expansion(of: declaration)
    }
}

/// A member macro whose members come from the declaration it is attached to alone.
protocol MembersMacro: MemberMacro {
    static func members(of declaration: some DeclGroupSyntax) throws -> [DeclSyntax]
}

extension MembersMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        do {
            return try members(of: declaration)
        } catch let error as MacroError where error.node != nil {
            context.diagnose(Diagnostic(node: error.node ?? Syntax(node), message: error))
            return []
        }
    }
}

/// `@Member`, `@Param`: how a property is coded. They add nothing of their own.
struct MarkerMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

/// The coding of a type's stored properties, one coder call each.
struct CodedMembers {
    /// The macro, as its errors name it.
    let macro: String
    /// The attribute that says how a property is coded.
    let attribute: String
    /// The coder's method for a property that names none; nil: each must name one.
    let defaultCoding: String?
    /// How a call to the coder starts.
    let call: String
    /// `code(_:)`'s signature.
    let signature: String
    /// True: a public type's `code(_:)` is `@inlinable`, so that a coder in another
    /// module (the protocol's writer, for a domain type) is compiled for it rather than
    /// calling each member's coding through the protocol.
    var inlinable = false

    func expansion(of declaration: some DeclGroupSyntax) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else { throw MacroError("\(macro) applies to a struct") }
        var lines: [String] = []
        for property in try StoredProperty.all(of: declaration, for: macro) {
            guard let line = try line(for: property) else { continue }
            if property.isLet { throw MacroError("\(macro): '\(property.name)' is a let; a coded member is read into, so it must be a var", at: property.node) }
            lines.append(line)
        }
        let access = StoredProperty.access(of: declaration)
        let attributes = inlinable && access == "public " ? "@inlinable " : ""
        var members: [DeclSyntax] = ["\(raw: attributes)\(raw: access)\(raw: signature) {\n\(raw: lines.joined(separator: "\n"))\n}"]
        if !Self.declaresBlankInit(declaration) { members.insert("\(raw: access)init() {}", at: 0) }
        return members
    }

    /// `<call><coding>("<key>", &<name>[, <words as written>])` for one property; nil
    /// for one declared `.notCoded`.
    func line(for property: StoredProperty) throws -> String? {
        var coding = defaultCoding
        var key: String?  // nil: the property's name as a wire key
        var words: [String] = []
        if let declared = property.attributes.named(attribute), case .argumentList(let arguments) = declared.arguments {
            for (index, argument) in arguments.enumerated() {
                if index == 0, argument.label == nil, let name = argument.expression.as(MemberAccessExprSyntax.self), name.base == nil {
                    coding = name.declName.baseName.text
                } else if argument.label?.text == "key" {
                    guard let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                        throw MacroError("@\(attribute): key is a string literal", at: argument)
                    }
                    key = text
                } else {
                    words.append((argument.label.map { "\($0.text): " } ?? "") + argument.expression.trimmedDescription)
                }
            }
        }
        guard let coding else { throw MacroError("\(macro): '\(property.name)' needs @\(attribute)(.coding, …)", at: property.node) }
        if coding == "notCoded" {
            guard key == nil, words.isEmpty else {
                throw MacroError("@\(attribute)(.notCoded): '\(property.name)' is no member, so it takes no key and nothing besides", at: property.node)
            }
            return nil
        }
        if coding == "members" {
            guard key == nil, words.isEmpty else {
                throw MacroError("@\(attribute)(.members): '\(property.name)' is written under no key of its own, and takes nothing besides", at: property.node)
            }
            return "\(call)members(&\(property.name))"
        }
        return "\(call)\(coding)(\"\(key ?? Self.wireKey(property.name))\", &\(property.name)\(words.map { ", " + $0 }.joined()))"
    }

    /// The member's name on the wire: each run of capitals written as a word, its first
    /// letter kept (`setID` → `setId`, `averageRPE` → `averageRpe`); a run's last capital
    /// that begins a word of its own stays (`setIDCount` → `setIdCount`), but not before
    /// a plural's lone `s` (`setIDs` → `setIds`).
    static func wireKey(_ name: String) -> String {
        let characters = Array(name)
        var key = ""
        for (index, character) in characters.enumerated() {
            let previousIsCapital = index > 0 && characters[index - 1].isUppercase
            guard character.isUppercase, previousIsCapital else {
                key.append(character)
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
            let beginsWord = next?.isLowercase == true && !(next == "s" && (afterNext == nil || afterNext?.isUppercase == true))
            key.append(beginsWord ? character : Character(character.lowercased()))
        }
        return key
    }

    static func declaresBlankInit(_ declaration: some DeclGroupSyntax) -> Bool {
        declaration.memberBlock.members.contains { member in
            member.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
        }
    }
}

extension AttributeListSyntax {
    /// The attribute `@<name>`, if the declaration has it.
    func named(_ name: String) -> AttributeSyntax? {
        lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.as(IdentifierTypeSyntax.self)?.name.text == name }
    }
}

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// The macros `SessionMacros` declares, by the type names its declarations give.
struct Macros: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        let macros: [String: any Macro.Type] = [
            "MemberwiseMacro": MemberwiseMacro.self,
            "CodedMacro": CodedMacro.self,
            "CodedParamsMacro": CodedParamsMacro.self,
            "MarkerMacro": MarkerMacro.self,
        ]
        guard let macro = macros[typeName] else { throw MacroError("no macro \(moduleName).\(typeName) in this plugin") }
        return macro
    }
}

/// Why a macro writes nothing for a declaration; reported at `node` (the property at
/// fault) when there is one, else at the macro's attribute.
struct MacroError: Error, CustomStringConvertible, DiagnosticMessage {
    let description: String
    let node: Syntax?

    init(_ description: String, at node: (some SyntaxProtocol)? = Syntax?.none) {
        self.description = description
        self.node = node.map(Syntax.init)
    }

    var message: String { description }
    var diagnosticID: MessageID { MessageID(domain: "SessionMacros", id: "refused") }
    var severity: DiagnosticSeverity { .error }
}

@main
enum SessionMacrosPlugin {
    static func main() throws {
        try CompilerPluginMessageListener(connection: StandardIOConnection(), provider: Macros()).main()
    }
}

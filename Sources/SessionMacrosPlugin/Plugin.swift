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

struct MacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@main
enum SessionMacrosPlugin {
    static func main() throws {
        try CompilerPluginMessageListener(connection: StandardIOConnection(), provider: Macros()).main()
    }
}

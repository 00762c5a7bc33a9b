#if canImport(Glibc)
import Glibc
#endif
import SessionCLI

// sessionctl: the command line a person uses between two sets. All logic is in SessionCLI.
var environment: [String: String] = [:]
var pointer = environ
while let entry = pointer.pointee {
    let pair = String(cString: entry)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    pointer += 1
}
let context = CommandContext(console: Console(environment: environment), environment: environment)
exit(SessionCtl.run(Array(CommandLine.arguments.dropFirst()), context: context))

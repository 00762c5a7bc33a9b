import Glibc
import ArgumentParsing
import SessionCLI

// sessionctl: the command line a person uses between two sets. All logic is in SessionCLI.
ProcessEnvironment.reserveStandardDescriptors()
let environment = ProcessEnvironment.current()
let context = CommandContext(console: Console(environment: environment), environment: environment)
exit(SessionCtl.run(Array(CommandLine.arguments.dropFirst()), context: context))

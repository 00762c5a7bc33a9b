import Glibc
import ArgumentParsing
import SessionServer

// sessiond: the daemon. All logic is in SessionServer.
ProcessEnvironment.reserveStandardDescriptors()
exit(Daemon.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))

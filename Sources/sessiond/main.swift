#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import SessionServer

// sessiond: the daemon. All logic is in SessionServer.
exit(Daemon.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))

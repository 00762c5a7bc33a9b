import Glibc
import ArgumentParsing
import SessionSync

// sessiond-sync: carries the daemon's change feed to PostgreSQL and the other devices'
// changes back. All logic is in SessionSync.
ProcessEnvironment.reserveStandardDescriptors()
exit(SyncProgram.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))

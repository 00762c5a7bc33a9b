// swift-tools-version:6.0
// sessiond: a workout session tracker daemon. Targets, bottom up (see docs/development.md):
//   CSQLite, CLinux, CExpat, CZlib   C headers from Debian (SQLite; Linux calls Glibc lacks; libexpat; zlib), one module map each
//   SessionMacros               @Memberwise: a declaration the compiler writes the rest of (SessionMacrosPlugin expands it, SessionCore's @Coded and SessionRPC's @CodedParams)
//   JSON                        the JSON value, parser, writer and paths
//   SessionCore                 pure domain: plans, sessions, summary, prompt, time; no JSON
//   SessionStore                the one owner of SQLite: schema, migrations, every statement
//   SessionSystem               what the OS tells: the clock and time zone, socket paths
//   SessionRPC                  JSON-RPC 2.0: typed method contracts, the domain's wire forms, codec, client
//   SessionFormats              files people export and import: bytes in, domain values out (a plan or a model's reply, CSV, Strong/Hevy, FIT, sessiond's JSON file, Apple Health, zip, Health Auto Export, Google Fit, Gadgetbridge), and the files sessionctl writes (iCalendar, Markdown, the sheet's troff, the SVG chart)
//   SessionApplication          the daemon's methods on the database, apart from the transport
//   SessionServer, SessionCLI   the daemon's loop and systemd protocols; sessionctl's verbs
//   SessionSync                 sessiond-sync: the change feed to PostgreSQL (libpq, CLibpq) and back
//   sessiond, sessionctl, sessiond-bench, sessiond-sync   thin executables
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The swift-syntax of the toolchain that builds the tree (its usr/lib/swift/host, which
/// it ships for its own macros): the macros build against it, as the swift-syntax package
/// cannot be fetched here. Found beside the PackageDescription library this manifest
/// runs with (usr/lib/swift/pm/ManifestAPI), else beside the `swift` on PATH;
/// `SESSIOND_SWIFT_HOST` names it outright.
let toolchainHost: String = {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [URL] = environment["SESSIOND_SWIFT_HOST"].map { [URL(fileURLWithPath: $0)] } ?? []
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
       let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libPackageDescription.so") }),
       let start = line.firstIndex(of: "/") {
        candidates.append(URL(fileURLWithPath: String(line[start...])).deletingLastPathComponent().appendingPathComponent("../../host"))
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        if FileManager.default.isExecutableFile(atPath: swift.path) {
            candidates.append(swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("../lib/swift/host"))
        }
    }
    for candidate in candidates {
        let host = candidate.standardizedFileURL.path
        if FileManager.default.fileExists(atPath: host + "/SwiftSyntaxMacros.swiftmodule") { return host }
    }
    fatalError("""
        sessiond's macros need the toolchain's swift-syntax (usr/lib/swift/host/SwiftSyntaxMacros.swiftmodule), \
        found neither beside PackageDescription nor beside the swift on PATH: \
        set SESSIOND_SWIFT_HOST to that directory
        """)
}()

let package = Package(
    name: "sessiond",
    products: [
        .executable(name: "sessiond", targets: ["sessiond"]),
        .executable(name: "sessionctl", targets: ["sessionctl"]),
        .executable(name: "sessiond-sync", targets: ["sessiond-sync"]),
    ],
    targets: [
        // libsqlite3-dev (`make deps` installs it). No pkg-config: its library directory
        // would come first on the link line and keep `make release` from linking
        // SQLite statically (see the Makefile).
        .systemLibrary(name: "CSQLite"),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CExpat"),
        .systemLibrary(name: "CZlib"),
        // libpq-dev (`make deps` installs it), for sessiond-sync alone.
        .systemLibrary(name: "CLibpq"),
        .macro(
            name: "SessionMacrosPlugin",
            swiftSettings: [.unsafeFlags(["-I", toolchainHost])],
            linkerSettings: [
                .unsafeFlags(["-L", toolchainHost, "-Xlinker", "-rpath", "-Xlinker", toolchainHost]),
                .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftSyntaxMacros"), .linkedLibrary("SwiftDiagnostics"),
                .linkedLibrary("SwiftCompilerPluginMessageHandling"),
            ]
        ),
        .target(name: "SessionMacros", dependencies: ["SessionMacrosPlugin"]),
        .target(name: "JSON"),
        .target(name: "SessionCore", dependencies: ["SessionMacros", "SessionMacrosPlugin"]),
        .target(name: "SessionFormats", dependencies: ["CExpat", "CSQLite", "CZlib", "JSON", "SessionCore", "SessionMacros", "SessionRPC"]),
        .target(name: "ArgumentParsing"),
        .target(name: "SessionStore", dependencies: ["CSQLite", "JSON", "SessionCore", "SessionMacros"]),
        .target(name: "SessionSystem", dependencies: ["SessionCore"]),
        .target(name: "SessionRPC", dependencies: ["JSON", "SessionCore", "SessionMacros", "SessionMacrosPlugin", "SessionSystem"]),
        .target(name: "SessionCLI", dependencies: ["ArgumentParsing", "CLinux", "JSON", "SessionCore", "SessionFormats", "SessionRPC", "SessionSystem"]),
        .executableTarget(name: "sessiond", dependencies: ["ArgumentParsing", "SessionServer"]),
        .target(name: "SessionApplication", dependencies: ["CLinux", "JSON", "SessionCore", "SessionFormats", "SessionRPC", "SessionStore", "SessionSystem"]),
        .target(
            name: "SessionServer",
            dependencies: ["ArgumentParsing", "CLinux", "JSON", "SessionApplication", "SessionCore", "SessionStore", "SessionSystem", "SessionRPC"]
        ),
        .executableTarget(name: "sessionctl", dependencies: ["ArgumentParsing", "SessionCLI"]),
        .target(name: "SessionSync", dependencies: ["ArgumentParsing", "CLibpq", "JSON", "SessionCore", "SessionMacros", "SessionRPC", "SessionSystem"]),
        .executableTarget(name: "sessiond-sync", dependencies: ["ArgumentParsing", "SessionSync"]),
        .executableTarget(name: "sessiond-bench", dependencies: ["JSON", "SessionCore", "SessionRPC", "SessionStore", "SessionSystem"]),
        .target(
            name: "TestSupport",
            dependencies: ["JSON", "SessionCore", "SessionRPC", "SessionSystem"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "SessionMacrosTests",
            dependencies: ["SessionMacrosPlugin"],
            swiftSettings: [.unsafeFlags(["-I", toolchainHost])],
            linkerSettings: [
                .unsafeFlags(["-L", toolchainHost, "-Xlinker", "-rpath", "-Xlinker", toolchainHost]),
                .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftSyntaxMacroExpansion"), .linkedLibrary("SwiftDiagnostics"),
            ]
        ),
        .testTarget(name: "SessionCoreTests", dependencies: ["SessionCore", "TestSupport"]),
        .testTarget(name: "SessionFormatsTests", dependencies: ["JSON", "SessionCore", "SessionFormats", "SessionRPC", "SessionStore", "TestSupport"]),
        .testTarget(name: "SessionStoreTests", dependencies: ["JSON", "SessionFormats", "SessionStore", "TestSupport"]),
        .testTarget(name: "SessionRPCTests", dependencies: ["JSON", "SessionCore", "SessionRPC", "SessionSystem", "TestSupport"]),
        .testTarget(
            name: "SessionApplicationTests",
            dependencies: ["SessionApplication", "JSON", "SessionCore", "SessionFormats", "SessionRPC", "SessionStore", "SessionSystem", "TestSupport"]
        ),
        .testTarget(name: "SessionServerTests", dependencies: ["SessionServer", "SessionApplication", "CLinux", "JSON", "SessionCore", "SessionStore", "SessionRPC", "SessionSystem", "TestSupport"]),
        .testTarget(
            name: "SessionCLITests",
            dependencies: ["SessionCLI", "ArgumentParsing", "JSON", "SessionApplication", "SessionCore", "SessionFormats", "SessionRPC", "SessionServer", "SessionStore", "SessionSystem", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "JSON", "SessionCore", "SessionFormats", "SessionRPC", "SessionStore", "SessionSync", "SessionSystem", "sessiond", "sessionctl", "sessiond-bench", "sessiond-sync"]
        ),
    ]
)

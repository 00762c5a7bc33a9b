// swift-tools-version:6.0
// sessiond: a workout session tracker daemon. Layers, bottom up:
// CSQLite/CSystemd (C) → SessionCore (pure domain) → SessionStore (SQLite) →
// SessionRPC (JSON-RPC 2.0) → SessionCLI / sessiond / sessionctl (executables).
import PackageDescription

let package = Package(
    name: "sessiond",
    products: [
        .executable(name: "sessiond", targets: ["sessiond"]),
        .executable(name: "sessionctl", targets: ["sessionctl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .systemLibrary(name: "CLinux"),
        .target(name: "SessionCore"),
        .target(name: "ArgumentParsing"),
        .target(name: "SessionStore", dependencies: ["CSQLite", "SessionCore"]),
        .target(name: "SessionRPC", dependencies: ["SessionCore"]),
        .target(name: "SessionCLI", dependencies: ["ArgumentParsing", "SessionCore", "SessionRPC"]),
        .executableTarget(name: "sessiond", dependencies: ["ArgumentParsing", "SessionServer"]),
        .target(
            name: "SessionServer",
            dependencies: ["ArgumentParsing", "CLinux", "CSystemd", "SessionCore", "SessionStore", "SessionRPC"]
        ),
        .executableTarget(name: "sessionctl", dependencies: ["ArgumentParsing", "SessionCLI"]),
        .executableTarget(name: "sessiond-bench", dependencies: ["SessionCore", "SessionRPC", "SessionStore"]),
        .target(
            name: "TestSupport",
            dependencies: ["SessionCore", "SessionRPC"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "SessionCoreTests", dependencies: ["SessionCore", "TestSupport"]),
        .testTarget(name: "SessionStoreTests", dependencies: ["SessionStore", "TestSupport"]),
        .testTarget(name: "SessionRPCTests", dependencies: ["SessionRPC", "TestSupport"]),
        .testTarget(name: "SessionServerTests", dependencies: ["SessionServer", "SessionCore", "SessionStore", "SessionRPC", "TestSupport"]),
        .testTarget(name: "SessionCLITests", dependencies: ["SessionCLI", "ArgumentParsing"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "SessionCore", "SessionRPC", "SessionStore", "sessiond", "sessionctl", "sessiond-bench"]
        ),
    ]
)

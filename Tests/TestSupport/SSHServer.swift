import Foundation
import SessionSystem

/// A private sshd from Debian's openssh-server on a loopback port, standing for another
/// machine: its own configuration, host key and authorized_keys in a temporary
/// directory, a client key made for it, and the environment its sessions get (`SetEnv`:
/// the PATH that finds the built sessionctl, the daemon's socket), as that machine's
/// administrator would set them. Started as `sshd -D -e -f CONFIG -p PORT`, stopped by
/// `stop()`. (Started with posix_spawn, not Foundation's `Process`: sshd closes the
/// descriptors it inherits, which `Process` takes for the child's exit and then waits
/// for it, blocking its watch of every other child.)
public final class SSHServer: @unchecked Sendable {
    /// Where sshd is installed by `make test-deps` (openssh-server).
    public static let sshd = "/usr/sbin/sshd"
    public let directory: String
    public let port: Int
    /// Who logs in: the user the tests run as.
    public let user: String
    private var pid: pid_t = 0

    /// `USER@127.0.0.1:PORT`, as `sessionctl -H` takes it.
    public var destination: String { "\(user)@127.0.0.1:\(port)" }

    /// The ssh command sessionctl runs (`$SESSIONCTL_SSH`): the test's key, the server's
    /// host key as the only one known, no user configuration, never a prompt.
    public var sshCommand: String {
        "ssh -F /dev/null -i \(directory)/client_key -o IdentitiesOnly=yes -o BatchMode=yes -o LogLevel=ERROR "
            + "-o UserKnownHostsFile=\(directory)/known_hosts -o StrictHostKeyChecking=yes"
    }

    /// Why no sshd can run here, or nil when one can: the reason a test that needs one
    /// records when it skips.
    public static var unavailable: String? {
        guard access(sshd, X_OK) == 0 else { return "\(sshd) is not installed (make test-deps installs openssh-server)" }
        guard access("/usr/bin/ssh", X_OK) == 0, access("/usr/bin/ssh-keygen", X_OK) == 0 else { return "ssh is not installed (openssh-client)" }
        // sshd refuses to start without its privilege separation directory; root makes it.
        if access("/run/sshd", F_OK) != 0, mkdir("/run/sshd", 0o755) != 0 {
            return "/run/sshd is missing and cannot be made: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Starts sshd on a free loopback port; sessions get `environment` (besides PATH,
    /// which finds the built binaries first).
    public init(environment: [String: String] = [:], path: String? = nil) throws {
        directory = Fixtures.temporaryDirectory("sshd")
        user = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "root"
        for key in ["host_key", "client_key"] {
            let made = try runProcess("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", key, "-f", "\(directory)/\(key)"])
            guard made.status == 0 else { throw DaemonError(message: "ssh-keygen: \(made.stderr)") }
        }
        try FileManager.default.copyItem(atPath: "\(directory)/client_key.pub", toPath: "\(directory)/authorized_keys")
        var sessionEnvironment = environment
        sessionEnvironment["PATH"] = path ?? Binaries.directory + ":/usr/bin:/bin"
        let setEnv = sessionEnvironment.sorted { $0.key < $1.key }.map { "\"\($0.key)=\($0.value)\"" }.joined(separator: " ")
        let hostKey = Fixtures.read("\(directory)/host_key.pub").split(separator: " ").prefix(2).joined(separator: " ")
        var lastError = ""
        for _ in 1...5 {
            let port = try Self.freePort()
            Fixtures.write("[127.0.0.1]:\(port) \(hostKey)\n", to: "\(directory)/known_hosts")
            Fixtures.write("""
                ListenAddress 127.0.0.1
                HostKey \(directory)/host_key
                AuthorizedKeysFile \(directory)/authorized_keys
                PidFile none
                UsePAM no
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                PubkeyAuthentication yes
                PermitRootLogin prohibit-password
                AllowUsers \(user)
                StrictModes no
                SetEnv \(setEnv)

                """, to: "\(directory)/sshd_config")
            let log = "\(directory)/sshd.log"
            let logFile = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            defer { close(logFile) }
            let pid = try ChildProcess.spawn(Self.sshd, ["-D", "-e", "-f", "\(directory)/sshd_config", "-p", String(port)],
                                             descriptors: [-1, logFile, logFile])
            switch Self.waitUntilListening(port, while: pid) {
            case true?:
                self.port = port
                self.pid = pid
                return
            case false?: Self.end(pid)
            case nil: break  // it exited (the port was taken meanwhile, say)
            }
            lastError = Fixtures.read(log)
        }
        Fixtures.removeTree(directory)
        throw DaemonError(message: "sshd did not start: \(lastError)")
    }

    /// What sshd logged (`-e`: to its standard error).
    public var log: String { Fixtures.read("\(directory)/sshd.log") }

    /// Stops sshd and removes its directory.
    public func stop() {
        if pid > 0 { Self.end(pid) }
        pid = 0
        Fixtures.removeTree(directory)
    }

    /// Sends SIGTERM to `pid` and reaps it.
    private static func end(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// A loopback TCP port nobody listens on now (the kernel's pick, released).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw DaemonError(message: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True once something accepts on `port`, false when nothing did within 10 s, nil
    /// when `pid` exited first (reaped).
    private static func waitUntilListening(_ port: Int, while pid: pid_t) -> Bool? {
        var status: Int32 = 0
        var exited = false
        var connected = false
        _ = Wait.poll(timeout: 10) {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return true
            }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            return connected
        }
        if exited { return nil }
        return connected
    }
}

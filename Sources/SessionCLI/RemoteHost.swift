import ArgumentParsing
import SessionSystem

/// The machine `-H`/`--host` (or `$SESSIONCTL_HOST`) names, `[USER@]HOST[:PORT]` as
/// `systemctl -H` takes it, and the command that reaches the daemon there: ssh runs
/// `sessionctl dial-stdio` on it, which connects to the daemon's socket as sessionctl
/// finds it there and relays the bytes. Everything else — arguments, the files read
/// and written, formatting, exit statuses — stays on this machine.
struct RemoteHost: Equatable {
    /// The user to log in as, when given.
    let user: String?
    /// The host name or address (an IPv6 address without its brackets).
    let host: String
    /// The ssh port, when given.
    let port: Int?

    /// The environment variable that names the host when -H is not given.
    static let environmentVariable = "SESSIONCTL_HOST"
    /// The environment variable that replaces the ssh command (a shell command line:
    /// options may follow it, quoted as the shell quotes).
    static let sshVariable = "SESSIONCTL_SSH"
    /// What ssh runs on the host.
    static let remoteCommand = "sessionctl dial-stdio"

    /// Reads `[USER@]HOST[:PORT]`; an IPv6 address with a port is written in brackets
    /// (`[::1]:2222`), one without may be bare (`::1`).
    init(parsing text: String, from source: String = "--host") throws(UsageError) {
        func refuse(_ why: String) -> UsageError { UsageError("\(source) must be [USER@]HOST[:PORT], got \"\(text)\": \(why)") }
        var rest = Substring(text)
        if let at = rest.lastIndex(of: "@") {
            let name = rest[..<at]
            guard !name.isEmpty else { throw refuse("the user before @ is empty") }
            user = String(name)
            rest = rest[rest.index(after: at)...]
        } else {
            user = nil
        }
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw refuse("the [ of an address is not closed") }
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw refuse("only :PORT may follow ]") }
                portText = after.dropFirst()
            }
            rest = rest[rest.index(after: rest.startIndex)..<close]
        } else if let colon = rest.firstIndex(of: ":"), rest.lastIndex(of: ":") == colon {
            portText = rest[rest.index(after: colon)...]
            rest = rest[..<colon]
        }
        guard !rest.isEmpty else { throw refuse("the host is empty") }
        guard !rest.hasPrefix("-"), user?.hasPrefix("-") != true else { throw refuse("a host or user may not start with -") }
        guard !rest.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else { throw refuse("a host has no spaces") }
        host = String(rest)
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { throw refuse("the port must be a number from 1 to 65535") }
            port = number
        } else {
            port = nil
        }
    }

    /// `USER@HOST:PORT` as given, for messages.
    var name: String {
        let shown = host.contains(":") && port != nil ? "[\(host)]" : host
        return (user.map { $0 + "@" } ?? "") + shown + (port.map { ":\($0)" } ?? "")
    }

    /// The host the daemon is on, from -H given after or before the command, else
    /// `$SESSIONCTL_HOST`; nil for this machine (none given, or given empty).
    static func chosen(flag: String?, global: String?, environment: [String: String]) throws(UsageError) -> RemoteHost? {
        if let text = flag ?? global { return text.isEmpty ? nil : try RemoteHost(parsing: text) }
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        return try RemoteHost(parsing: text, from: "$" + environmentVariable)
    }

    /// The command whose standard input and output reach the daemon on the host: ssh
    /// (or `$SESSIONCTL_SSH`) run by the shell with its arguments as `"$@"`, so they
    /// arrive unexpanded, and `sessionctl dial-stdio` on the host, with `--socket` when
    /// a socket there was named. ssh gives up connecting after `connectTimeoutSeconds`
    /// (a host that is off or out of reach had kept a person waiting minutes, with
    /// nothing said); `batch` (a completion's: it must never wait nor ask) tells it to
    /// ask for no password or host key and to give up after 3 s. Options in
    /// `$SESSIONCTL_SSH` come first and win.
    func address(environment: [String: String], remoteSocket: String?, batch: Bool = false) -> ByteStream.Address {
        let ssh = environment[Self.sshVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
        var remote = Self.remoteCommand
        // ssh hands the host's shell one line: the path is quoted for it.
        if let remoteSocket { remote += " --socket " + Self.shellQuoted(remoteSocket) }
        let options = ["-x", "-T"] + (batch ? ["-o", "BatchMode=yes", "-o", "ConnectTimeout=3"] : ["-o", "ConnectTimeout=\(Self.connectTimeoutSeconds)"])
            + (port.map { ["-p", String($0)] } ?? [])
        let destination = (user.map { $0 + "@" } ?? "") + host
        return .command(executable: "/bin/sh", arguments: ["-c", ssh + " \"$@\"", "ssh"] + options + ["--", destination, remote],
                        name: name)
    }

    /// How long a command's ssh may take to reach the host, in seconds.
    static let connectTimeoutSeconds = 10

    /// `text` in single quotes for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one word of a command line printed to run: as it is when the shell
    /// takes it so (letters, digits, - _ . : @ / + , =), else quoted.
    static func shellWord(_ text: String) -> String {
        !text.isEmpty && text.allSatisfy({ $0.isLetter || $0.isNumber || "-_.:@/+,=".contains($0) }) ? text : shellQuoted(text)
    }
}

import ArgumentParsing
import SessionRPC
import SessionSystem

/// `sessionctl`'s commands about the daemon itself: sync, raw calls, watching, completion and dial-stdio.
enum RemoteCommands {
    /// The plumbing `-H` runs on the daemon's machine (`ssh HOST sessionctl dial-stdio`):
    /// a connection to the daemon's socket, found as any command finds it there, with its
    /// bytes copied to standard output and standard input's to it until the daemon is
    /// done. The daemon's user is checked here, where the socket is (`ServerIdentity`).
    static let dialStdio = Command(
        words: ["dial-stdio"], synopsis: "",
        summary: "Plumbing for -H: connect standard input and output to the daemon.",
        details: """
            Connects to the daemon's socket (--socket, $SESSIOND_SOCKET,
            $XDG_RUNTIME_DIR/sessiond.sock, /run/sessiond/sessiond.sock) and copies bytes both
            ways until the daemon closes the connection; the end of standard input ends the
            requests. "sessionctl -H HOST COMMAND" runs "ssh HOST sessionctl dial-stdio" and
            speaks the protocol over it. When the daemon cannot be reached, one line on
            standard error says why and the exit status is 3.
            """,
        options: [CommonOptions.socket],
        run: { arguments, context in
            let client: SocketClient
            do {
                client = try CommandContext.connect(.unixSocket(context.socketPath(arguments)))
            } catch {
                // One line: the other side shows it as the reason.
                context.console.error("sessionctl: \(error)")
                return ExitStatus.unreachable
            }
            StreamRelay.run(socket: client.descriptor)
            return ExitStatus.ok
        })
}

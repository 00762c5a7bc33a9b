import Glibc

/// What the programs say and decide of signals, once: their names, which ones interrupt
/// a command's work, and whether one is ignored.
public enum Signals {
    /// The signals that interrupt what a command is doing: a terminal's Ctrl-C, a kill,
    /// a hang-up.
    public static let interruptions = [SIGINT, SIGTERM, SIGHUP]

    /// True when this process ignores `number` (as `nohup` makes it ignore SIGHUP).
    public static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// A signal's name as kill(1) lists it, for the ones the programs hear.
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(number)"
        }
    }
}

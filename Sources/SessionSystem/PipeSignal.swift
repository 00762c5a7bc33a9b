import Glibc
import Synchronization

/// SIGPIPE ignored while a child's pipes or a relay's are written, for the whole
/// process: a signal's disposition is the process's, not a thread's, so two threads that
/// each set it and put it back would race (one puts the default back while the other
/// still writes to a reader that is gone, and the process dies of SIGPIPE). Users are
/// counted: the first to begin ignores it, the last to end puts back what was there.
public enum PipeSignal {
    private static let state = Mutex<(users: Int, previous: __sighandler_t?)>((users: 0, previous: nil))

    /// From now until the matching `end()`, a write to a pipe or socket whose reader is
    /// gone fails with EPIPE instead of killing the process.
    public static func begin() {
        state.withLock { state in
            if state.users == 0 { state.previous = signal(SIGPIPE, SIG_IGN) }
            state.users += 1
        }
    }

    /// Ends one `begin()`; the last one puts the disposition found back.
    public static func end() {
        state.withLock { state in
            state.users -= 1
            if state.users == 0 {
                signal(SIGPIPE, state.previous)
                state.previous = nil
            }
        }
    }
}

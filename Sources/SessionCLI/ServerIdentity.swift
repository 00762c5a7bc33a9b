import Glibc
import CLinux
import SessionRPC

/// Who may answer on the socket: root (which also holds a socket systemd activates),
/// the user sessionctl runs as, or the system instance's `sessiond` user. A server of
/// anyone else is not trusted with a set, nor believed about one: a user who could
/// write to the socket's directory may have put its own there.
enum ServerIdentity {
    /// The system instance's user (systemd/sysusers.d), when this machine has it.
    static let systemUser = "sessiond"

    /// Throws, before anything is sent, when the peer of `client` runs as a user other
    /// than those.
    static func check(_ client: SocketClient) throws(SocketClient.Unreachable) {
        var uid: UInt32 = 0, gid: UInt32 = 0, pid: Int32 = 0
        guard clinux_peer_credentials(client.descriptor, &uid, &gid, &pid) == 0 else {
            throw SocketClient.Unreachable(path: client.path, reason: "cannot tell who serves it: \(String(cString: strerror(errno)))")
        }
        guard !trusted(uid) else { return }
        let name = getpwuid(uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }.map { " (\($0))" } ?? ""
        throw SocketClient.Unreachable(
            path: client.path,
            reason: "it is served by uid \(uid)\(name), neither root, you (uid \(getuid())) nor the \(systemUser) user; another user may have put its own server there, so nothing was sent")
    }

    static func trusted(_ uid: UInt32) -> Bool {
        uid == 0 || uid == getuid() || getpwnam(systemUser).map { $0.pointee.pw_uid == uid } == true
    }
}

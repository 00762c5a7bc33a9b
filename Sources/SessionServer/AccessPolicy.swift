import Glibc
import CLinux

/// What the kernel says of a connected peer (SO_PEERCRED, SO_PEERGROUPS).
struct PeerCredentials: Equatable {
    let uid: UInt32
    let gid: UInt32
    let pid: Int32
    /// The peer's supplementary groups when it connected; nil when the kernel could not
    /// say (then the group database is asked).
    let groups: [UInt32]?
}

/// Who may talk to the daemon: root, the daemon's own user, and members of its
/// configured group. A peer whose credentials cannot be read is refused (fail closed).
struct AccessPolicy {
    let ownUID: UInt32
    /// The group whose members are served, nil when none is configured.
    let group: gid_t?

    /// Nil when the peer is allowed, else the reason it is not.
    func refusal(_ peer: PeerCredentials?) -> String? {
        guard let peer else { return "its credentials cannot be read (SO_PEERCRED failed)" }
        if peer.uid == 0 || peer.uid == ownUID { return nil }
        guard let group else { return "only root and uid \(ownUID) are served" }
        if peer.gid == group { return nil }
        // The process's own groups (SupplementaryGroups= included), else /etc/group.
        let member = peer.groups.map { $0.contains(group) } ?? Self.isMember(uid: peer.uid, primaryGID: peer.gid, of: group)
        if member { return nil }
        return "not root, uid \(ownUID), or a member of group \(group)"
    }

    /// The credentials of the peer of a connected Unix socket, nil when the kernel
    /// does not give them.
    static func credentials(of fd: Int32) -> PeerCredentials? {
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        var pid: Int32 = 0
        guard clinux_peer_credentials(fd, &uid, &gid, &pid) == 0 else { return nil }
        var groups = [UInt32](repeating: 0, count: 64)
        var count = Int32(groups.count)
        var result = clinux_peer_groups(fd, &groups, &count)
        if result != 0, errno == ERANGE, count > groups.count {  // more than 64 groups
            groups = [UInt32](repeating: 0, count: Int(count))
            result = clinux_peer_groups(fd, &groups, &count)
        }
        return PeerCredentials(uid: uid, gid: gid, pid: pid, groups: result == 0 ? Array(groups.prefix(Int(count))) : nil)
    }

    /// True when the user's supplementary groups include `group` (getgrouplist(3)).
    static func isMember(uid: UInt32, primaryGID: UInt32, of group: gid_t) -> Bool {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return false }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, primaryGID, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, primaryGID, &groups, &count) >= 0 else { return false }
        }
        return groups.prefix(Int(count)).contains(group)
    }
}

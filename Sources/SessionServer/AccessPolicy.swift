#if canImport(Glibc)
import Glibc
#endif

/// Who may talk to the daemon (SO_PEERCRED): root, the daemon's own user, and members
/// of its configured group.
struct AccessPolicy {
    let ownUID: UInt32
    /// The group whose members are served, nil when none is configured.
    let group: gid_t?

    /// Nil when the peer is allowed, else the reason it is not.
    func refusal(uid: UInt32, gid: UInt32) -> String? {
        if uid == 0 || uid == ownUID { return nil }
        guard let group else { return "only root and uid \(ownUID) are served" }
        if gid == group || Self.isMember(uid: uid, primaryGID: gid, of: group) { return nil }
        return "not root, uid \(ownUID), or a member of group \(group)"
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

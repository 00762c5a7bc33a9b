import Glibc
import Testing

@testable import SessionServer

@Suite struct AccessPolicyTests {
    let policy = AccessPolicy(ownUID: 1000, group: 4242)

    @Test func aPeerWhoseCredentialsCannotBeReadIsRefused() {
        #expect(policy.refusal(nil) != nil, "fail closed: not treated as root")
        #expect(AccessPolicy(ownUID: 0, group: nil).refusal(nil) != nil)
    }

    @Test func rootTheOwnUserAndTheGroupAreServed() {
        #expect(policy.refusal(PeerCredentials(uid: 0, gid: 0, pid: 1, groups: [])) == nil)
        #expect(policy.refusal(PeerCredentials(uid: 1000, gid: 1000, pid: 1, groups: [])) == nil)
        #expect(policy.refusal(PeerCredentials(uid: 2000, gid: 4242, pid: 1, groups: [])) == nil, "primary group")
        #expect(policy.refusal(PeerCredentials(uid: 2000, gid: 2000, pid: 1, groups: [])) != nil)
    }

    @Test func theGroupIsCheckedInThePeersOwnGroupsNotOnlyEtcGroup() {
        // uid 2000 is in no /etc/group entry for 4242, but the process has the group
        // (SupplementaryGroups=, newgrp): SO_PEERGROUPS says so.
        #expect(policy.refusal(PeerCredentials(uid: 2000, gid: 2000, pid: 1, groups: [27, 4242])) == nil)
        #expect(policy.refusal(PeerCredentials(uid: 2000, gid: 2000, pid: 1, groups: [27])) != nil)
    }

    @Test func theKernelReportsThePeersGroups() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let peer = try #require(AccessPolicy.credentials(of: pair[0]))
        #expect(peer.uid == getuid() && peer.pid == getpid())
        var own = [gid_t](repeating: 0, count: 256)
        let count = getgroups(Int32(own.count), &own)
        #expect(peer.groups.map(Set.init) == Set(own.prefix(Int(max(0, count)))), "SO_PEERGROUPS lists this process's groups")
        #expect(AccessPolicy.credentials(of: -1) == nil)
    }
}

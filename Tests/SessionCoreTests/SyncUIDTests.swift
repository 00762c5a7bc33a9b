import SessionCore
import Testing

/// The record id a name gives (a plan's request id): FNV-1a's 128-bit hash, checked
/// against the test vectors its authors publish, in the form every uid takes.
@Suite struct SyncUIDTests {
    @Test(arguments: [
        ("", "6c62272e07bb014262b821756295c58d"),
        ("a", "d228cb696f1a8caf78912b704e4a8964"),
        ("foobar", "343e1662793c64bf6f0d3597ba446f18"),
    ])
    func aNameGivesItsFNV1aHash(name: String, hash: String) {
        #expect(SyncChange.uid(named: name) == hash)
    }

    @Test func aNamesUIDIsARecordIDAndNamesApartGiveUIDsApart() {
        let uids = (1...1000).map { SyncChange.uid(named: "sessiond_plan \($0)") }
        #expect(uids.allSatisfy(SyncChange.isUID))
        #expect(Set(uids).count == uids.count)
    }
}

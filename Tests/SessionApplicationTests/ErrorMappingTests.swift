import Testing
import SessionCore
import SessionRPC
import SessionStore
@testable import SessionApplication

/// A missing row is one error, whichever layer finds it missing.
@Suite struct ErrorMappingTests {
    @Test func aRowStorageFindsGoneIsTheServicesNotFound() {
        let fromStorage = ErrorMapping.rpcError(StorageError.notFound(.set(7)))
        let fromService = ErrorMapping.rpcError(SessionError.setNotFound(7))
        #expect(fromStorage.code == -32020 && fromStorage.is(.setNotFound))
        #expect(fromStorage.message == fromService.message && fromStorage.data == fromService.data)
        #expect(fromStorage.data?["setId"] == 7)
        let plan = ErrorMapping.rpcError(StorageError.notFound(.plan(3)))
        #expect(plan.is(.planNotFound) && plan.data?["planId"] == 3 && plan.message == ErrorMapping.rpcError(SessionError.planNotFound(3)).message)
    }

    /// A copy that could not be written is the backup failing, as the protocol says,
    /// not the database refusing a write; a storage error does not say "write" of a read.
    @Test func aCopyNotWrittenIsTheBackupFailing() {
        let copy = ErrorMapping.rpcError(BackupError.copy("unable to open database file"))
        #expect(copy.is(.backupFailed) && copy.code == -32041 && copy.message.contains("the copy could not be written"), "\(copy)")
        let storage = ErrorMapping.rpcError(StorageError.full(path: "/var/lib/sessiond/sessiond.db"))
        #expect(storage.is(.storageError) && !storage.message.contains("refused the write"), "\(storage.message)")
    }
}

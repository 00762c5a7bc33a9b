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
}

import Testing
import TestSupport

import SessionCore
@testable import SessionFormats

/// The FIT reader's parts on bytes made here; the files as a whole are checked against
/// fitdecode end to end (`FitImportTests`).
@Suite struct FitFileTests {
    /// A FIT file of `records` (each a record header and its bytes), header CRC and file
    /// CRC computed as the protocol says.
    static func file(_ records: [UInt8], headerCRC: Bool = true) -> [UInt8] {
        var header: [UInt8] = [14, 0x20, 0x54, 0x08]
        header += withUnsafeBytes(of: UInt32(records.count).littleEndian, Array.init)
        header += Array(".FIT".utf8)
        let crc = headerCRC ? FitFile.crc(header[...]) : 0
        header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        let body = header + records
        let total = FitFile.crc(body[...])
        return body + [UInt8(total & 0xFF), UInt8(total >> 8)]
    }

    /// A definition of local type 0 for message `global` with uint16 field 3 and a
    /// uint32 timestamp (253), then one data message.
    static func message(global: UInt16, value: UInt16, time: UInt32) -> [UInt8] {
        [0x40, 0, 0, UInt8(global & 0xFF), UInt8(global >> 8), 2, 253, 4, 0x86, 3, 2, 0x84]
            + [0x00] + withUnsafeBytes(of: time.littleEndian, Array.init) + withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    @Test func theCRCIsCRC16ARC() {
        // The check value of CRC-16/ARC, the polynomial FIT's four-bit table computes.
        #expect(FitFile.crc(Array("123456789".utf8)[...]) == 0xBB3D)
        #expect(FitFile.crc([][...]) == 0)
    }

    @Test func chainedFilesAreReadInTurnAndInvalidValuesAreNone() throws {
        let bytes = Self.file(Self.message(global: 7, value: 42, time: 1000)) + Self.file(Self.message(global: 7, value: 0xFFFF, time: 1001))
        var seen: [(Double?, UInt32?)] = []
        try FitFile.read(bytes, wanted: [7]) { message in seen.append((message.value(3), message.timestamp)) }
        #expect(seen.count == 2)
        #expect(seen.first?.0 == 42 && seen.first?.1 == 1000)
        #expect(seen.last?.0 == nil && seen.last?.1 == 1001, "0xFFFF is a uint16's invalid value")
    }

    @Test func aHeaderWithoutItsCRCStillReadsAndAWrongOneDoesNot() throws {
        var bytes = Self.file(Self.message(global: 7, value: 1, time: 1), headerCRC: false)
        var count = 0
        try FitFile.read(bytes, wanted: [7]) { _ in count += 1 }
        #expect(count == 1, "a header CRC of 0 is not computed, not wrong")
        bytes = Self.file(Self.message(global: 7, value: 1, time: 1))
        bytes[12] ^= 0xFF
        #expect(throws: FitFile.Failure.self) { try FitFile.read(bytes, wanted: [7]) { _ in } }
    }

    @Test func aMessageBeforeItsDefinitionNamesItsByte() {
        let bytes = Self.file([0x00, 1, 2])
        #expect {
            try FitFile.read(bytes, wanted: [7]) { _ in }
        } throws: { error in
            (error as? FitFile.Failure) == FitFile.Failure(offset: 14, message: "a data message of local type 0 before its definition")
        }
    }

    @Test func unixSecondsBecomeWallClockTimesEitherSideOfTheEpoch() {
        #expect(LocalDateTime(unixSeconds: 0, offsetSeconds: 3600).description == "1970-01-01T01:00:00")
        #expect(LocalDateTime(unixSeconds: -1, offsetSeconds: 0).description == "1969-12-31T23:59:59")
        #expect(RFC3339.utc(seconds: 1_760_982_246) == "2025-10-20T17:44:06Z")
        #expect(RFC3339.parse(RFC3339.utc(seconds: 1_760_982_246)) == 1_760_982_246_000)
    }
}

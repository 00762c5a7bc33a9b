import JSON

// libFuzzer entry point for the untrusted-input boundary of SessionCore: the JSON parser,
// plan import (raw model text included), quantities and dates. Not a SwiftPM target: it
// is compiled into the SessionCore module by `make fuzz` (see docs/development.md), so
// internal code is reachable and ASan checks every access (JSON is linked in, built
// with the same instrumentation).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONParser.parse(bytes: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? PlanImporter.importPlan(text: text, options: PlanImportOptions(today: LocalDate(daysSinceEpoch: 20_500)))
    _ = Quantity.seconds(text)
    _ = Quantity.weight(text)
    _ = LocalDate(text)
    return 0
}

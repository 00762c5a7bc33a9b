import CLinux
import JSON
import SessionCore
import Glibc

// libFuzzer entry point for the untrusted-input boundary of SessionCore and
// SessionFormats: the JSON parser
// and the request line's slices (their look-ups checked against their member lists),
// plan import (raw model text included), Strong/Hevy exports, FIT activities and
// sessiond's JSON export (through the same reader), the health exports (Apple Health's
// XML, whole and in two pieces cut anywhere, Health Auto Export, Google Fit) and zip
// archives (an entry's bytes inflated and checked), quantities, dates,
// whitespace collapsing and plain decimals (against strtod). Not a SwiftPM target: it is
// compiled into the SessionFormats module by `make fuzz` (see docs/development.md), so
// the readers' internal code is reachable and ASan checks every access (JSON and
// SessionCore are linked in, built with the same instrumentation).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parsed = try? JSONParser.parse(bytes: bytes)
    let slice = try? JSONSlice.document(bytes)
    precondition((parsed == nil) == (slice == nil), "the tape and the parser disagree on \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    if let slice { checkLookups(slice) }
    if let parsed { checkWriting(parsed) }
    // Another tracker's export is a file a person hands over: any bytes. What reads is
    // within the bounds the daemon takes (every number went through `Checked`).
    if let read = try? TrackerExport.read(bytes) { checkBounds(read.workouts) }
    let text = String(decoding: bytes, as: UTF8.self)
    checkCollapsing(text)
    if let plain = PlainDecimal.value(bytes) {
        precondition(plain == Double(text) || (plain.isZero && Double(text)?.isZero == true), "PlainDecimal disagrees with strtod: \(text.debugDescription)")
    }
    checkHealth(bytes)
    _ = try? PlanImporter.importPlan(text: text, options: PlanImportOptions(today: LocalDate(daysSinceEpoch: 20_500)))
    _ = Quantity.seconds(text)
    _ = TrackerExport.duration(text)
    _ = Quantity.weight(text)
    _ = LocalDate(text)
    return 0
}

/// Every number of imported workouts lies within the daemon's bounds: a reader that let
/// NaN, an infinity or 1e300 through would have the import refused as a protocol error.
func checkBounds(_ workouts: [HistoryWorkout]) {
    for workout in workouts {
        precondition(workout.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "duration \(String(describing: workout.durationSeconds))")
        precondition(workout.averageHeartRate.map(HistoryLimits.heartRate.contains) ?? true, "heart rate")
        precondition(workout.energyKcal.map(HistoryLimits.energyKcal.contains) ?? true, "energy")
        for set in workout.sets {
            precondition(set.reps.map(SessionLimits.reps.contains) ?? true, "reps \(String(describing: set.reps))")
            precondition(set.weightKg.map { SessionLimits.loggedWeightKg.contains($0) } ?? true, "weight \(String(describing: set.weightKg))")
            precondition(set.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "set duration")
            precondition(set.distanceM.map { HistoryLimits.distanceM.contains($0) } ?? true, "distance")
        }
    }
}

/// A slice's look-ups agree with its member list: each key finds its first member, and
/// `duplicateKey` is the first key seen twice. Recurses into members and elements.
func checkLookups(_ slice: JSONSlice, depth: Int = 0) {
    guard depth < 8 else { return }
    if let members = slice.members {
        var seen = Set<String>()
        var firstTwice: String?
        for (index, member) in members.enumerated() {
            if !seen.insert(member.key).inserted, firstTwice == nil { firstTwice = member.key }
            let found = slice.position(of: member.key)
            precondition(found != nil && members[found!.index].key == member.key, "position(of:) misses \(member.key.debugDescription)")
            precondition(found!.index <= index, "position(of:) is not the first \(member.key.debugDescription)")
            checkLookups(member.value, depth: depth + 1)
        }
        precondition(slice.duplicateKey == firstTwice,
                     "duplicateKey disagrees: \(String(describing: slice.duplicateKey)) against \(String(describing: firstTwice))")
        precondition(slice.position(of: "\u{0}never a key") == nil)
    }
    for element in slice.elements ?? [] { checkLookups(element, depth: depth + 1) }
}

/// What the writer makes of a value reads back as the same value, compact and
/// indented; an array's integers read from their digits are the numbers parsed.
func checkWriting(_ value: JSONValue) {
    let compact = value.jsonBytes
    precondition((try? JSONParser.parse(bytes: compact)) == value, "written compact, read back differently: \(value.jsonText.debugDescription)")
    precondition(!compact.contains(0x0A), "a newline in compact JSON")
    precondition((try? JSONParser.parse(value.prettyText)) == value, "written indented, read back differently")
    guard let slice = try? JSONSlice.document(compact) else { preconditionFailure("the tape refuses what the writer wrote") }
    for element in slice.elements ?? [] where element.isNumber {
        // The digits decide: an exact integer is the number the parser read.
        if let integer = element.exactInteger { precondition(element.numberValue == Double(integer), "integer reading disagrees") }
    }
    if slice.isString, let text = slice.string, !text.contains("\\"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" }) {
        precondition(slice.isString("2.0") == (text == "2.0"))
    }
}

/// Collapsed whitespace has no control characters, no runs of whitespace, none at the
/// ends, and collapsing it again changes nothing.
func checkCollapsing(_ text: String) {
    let collapsed = text.collapsingWhitespace()
    precondition(collapsed.collapsingWhitespace() == collapsed, "collapsing twice differs: \(text.debugDescription)")
    precondition(!collapsed.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control survives: \(text.debugDescription)")
    precondition(!collapsed.hasPrefix(" ") && !collapsed.hasSuffix(" ") && !collapsed.contains("  "), "spaces survive: \(text.debugDescription)")
}

/// The health readers take any bytes: what they keep is a day's plausible value (the
/// daemon refuses any other), and Apple Health's stream reads the same in any pieces.
func checkHealth(_ bytes: [UInt8]) {
    if let read = try? HealthAutoExportReader.read(bytes) {
        checkDays(read.days)
        checkBounds(read.workouts)
    }
    if let read = try? GoogleFitReader.read(bytes) { checkDays(read.days) }
    let whole = appleHealth(bytes, cut: bytes.count)
    if let whole { checkDays(whole.days) }
    if !bytes.isEmpty {
        let cut = Int(bytes[0]) % bytes.count
        precondition((appleHealth(bytes, cut: cut) == nil) == (whole == nil), "Apple Health reads differently when cut at \(cut)")
    }
    checkZip(bytes)
}

/// Apple Health's export.xml fed in two pieces, cut at `cut`; nil when it is refused.
func appleHealth(_ bytes: [UInt8], cut: Int) -> AppleHealthReader? {
    guard let reader = try? AppleHealthReader() else { preconditionFailure("the XML parser would not start") }
    do {
        try reader.feed(Array(bytes[..<cut]), count: cut)
        try reader.feed(Array(bytes[cut...]), count: bytes.count - cut)
        try reader.finish()
    } catch {
        return nil
    }
    checkBounds(reader.workouts)
    return reader
}

/// Each day a reader keeps is one the daemon takes: a plausible value of its type.
func checkDays(_ accumulator: HealthDays.Accumulator) {
    var accumulator = accumulator
    guard let days = try? accumulator.days() else { return }
    for day in days {
        precondition(day.type.problem(with: day.value) == nil, "\(day.type) \(day.value) on \(day.date) is refused by the daemon")
    }
}

/// A zip archive read from a memory file: its directory and every entry's bytes, which
/// are inflated within what the directory says (or refused).
func checkZip(_ bytes: [UInt8]) {
    guard ZipArchive.isZip(Array(bytes.prefix(4))) else { return }
    let fd = bytes.withUnsafeBytes { clinux_sealed_memfd("fuzz.zip", $0.baseAddress, $0.count) }
    precondition(fd >= 0, "memfd_create: \(errno)")
    defer { close(fd) }
    guard let archive = try? ZipArchive(fd: fd) else { return }
    for entry in archive.entries.prefix(4) {
        var produced: UInt64 = 0
        do {
            try archive.read(entry) { produced += UInt64($0.count) }
            precondition(produced == entry.size, "\(entry.name): \(produced) bytes read, \(entry.size) in the directory")
        } catch {
            continue
        }
    }
    _ = try? AppleHealthReader.read(zip: archive)
}

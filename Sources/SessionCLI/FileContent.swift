import JSON
import SessionCore
import SessionFormats
import Glibc

/// What a file is, told from its first bytes (not its name): so that a file given to the
/// command that does not read it is answered with the one that does. `import` reads
/// workouts (Strong and Hevy CSV, sessiond's JSON export, FIT activities); `health
/// import` reads health exports (the Health app's zip or XML, Health Auto Export's JSON,
/// Google Fit's daily CSV, Gadgetbridge's database).
enum FileContent: Equatable {
    /// A FIT file: ".FIT" at bytes 8 to 11 of a 12- or 14-byte header.
    case fit
    /// A zip archive (the Health app's export.zip).
    case zip
    /// An SQLite database ("SQLite format 3" and a NUL): Gadgetbridge's export.
    case sqlite
    /// XML: a `<` first (after white space or a byte-order mark).
    case xml
    /// sessiond's own JSON export.
    case sessiondJSON
    /// JSON whose first bytes hold a "data" member: Health Auto Export's.
    case healthJSON
    /// Other JSON.
    case json
    /// A CSV of Strong's or Hevy's columns.
    case trackerCSV
    /// A CSV of Google Fit's daily activity metrics.
    case googleFitCSV
    /// Other text.
    case text
    /// Bytes no text has in its first line.
    case binary

    /// Bytes read from a file's start to tell what it is (a header, a JSON object's
    /// first members).
    static let headBytes = 4096

    /// The content whose first bytes (up to `headBytes`) are `head`.
    static func of(_ head: [UInt8]) -> FileContent {
        if head.count >= 12, FitFile.beginsLikeFIT(head) { return .fit }
        if ZipArchive.isZip(head) { return .zip }
        if head.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .sqlite }
        let text = ByteOrderMark.text(of: head)
        // A top that is no object (an array, a string) is JSON all the same, and told so
        // by the JSON reader.
        switch text.first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"):
            if text.firstRange(of: Array("\"sessiond-history\"".utf8)) != nil { return .sessiondJSON }
            return text.firstRange(of: Array("\"data\"".utf8)) != nil ? .healthJSON : .json
        case UInt8(ascii: "["), UInt8(ascii: "\""): return .json
        default:
            // A whole file that is one of JSON's words (`null`, `true`, `false`) is JSON too.
            let word = text.reversed().drop(while: ByteOrderMark.isWhiteSpace).reversed()
            if ["null", "true", "false"].contains(where: { word.elementsEqual($0.utf8) }) { return .json }
        }
        let line = text.prefix { $0 != 0x0A && $0 != 0x0D }
        if line.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) || String(validating: line.prefix(max(0, line.count - 3)), as: UTF8.self) == nil {
            return .binary
        }
        // The header alone read as an export's: Strong's and Hevy's columns are known.
        if let reader = try? TrackerExport.Reader(bytes: Array(line) + [0x0A]), reader.format == .strong || reader.format == .hevy { return .trackerCSV }
        let googleFit = GoogleFitReader.columns.contains { line.firstRange(of: Array($0.name.utf8)) != nil }
        return googleFit ? .googleFitCSV : .text
    }

    /// Why `health import` does not read the file `path` ("-": standard input) of this
    /// content, naming the command that does; nil for a health export's.
    func notHealth(_ path: String) -> String? {
        let name = path == "-" ? "standard input" : path
        return switch self {
        case .fit: "\(name) is a FIT activity file: `sessionctl import \(path)` reads workouts from it"
        case .trackerCSV: "\(name) is a Strong or Hevy export: `sessionctl import \(path)` reads workouts from it"
        case .sessiondJSON: "\(name) is sessiond's own export: `sessionctl import \(path)` reads it"
        case .binary: "\(name) is no health export (binary data): health import reads the Health app's export.zip or export.xml, Health Auto Export's JSON, Google Fit's daily CSV or Gadgetbridge's database"
        case .zip, .sqlite, .xml, .healthJSON, .json, .googleFitCSV, .text: nil
        }
    }

    /// Why `import` does not read a file of this content, naming `health import`; nil for
    /// what `import` reads (or may: its own checks then name what is wrong).
    func healthExport(_ name: String) -> String? {
        let which: String
        switch self {
        case .zip: which = "a zip archive (the Health app's export.zip?)"
        case .sqlite: which = "an SQLite database (Gadgetbridge's export?)"
        case .xml: which = "XML (the Health app's export.xml?)"
        case .healthJSON: which = "JSON with a \"data\" member (Health Auto Export's?)"
        case .googleFitCSV: which = "Google Fit's daily activity metrics"
        default: return nil
        }
        return "\(name) is \(which): `sessionctl health import \(name)` reads health exports"
    }

    /// A file of a format read whole, past the size its reader takes: a data error that
    /// names both sizes.
    struct TooLarge: Error, CustomStringConvertible {
        /// The format ("a Health Auto Export file"), the file's bytes (nil for a pipe) and the bound.
        let what: String
        let bytes: Int?
        let maximum: Int

        var description: String {
            let size = bytes.map { bytes in
                let tenths = Int((Double(bytes) / 1_048_576 * 10).rounded())
                return " of \(tenths / 10).\(tenths % 10) MiB"
            } ?? " over \(maximum >> 20) MiB"
            return "\(what)\(size): health import reads one of up to \(maximum >> 20) MiB (export fewer days at a time)"
        }
    }

    /// The first `headBytes` of the file at `path`; empty when it cannot be read (the
    /// reading that follows names why).
    static func head(_ path: String) -> [UInt8] {
        let fd = open(SystemPath.bytes(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: headBytes)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return Array(bytes.prefix(max(count, 0)))
    }
}

import ArgumentParsing
import SessionCore
import SessionFormats
import SessionSystem
import Glibc

// sessionctl's half of `plan export`: which format `--format` names, which paper
// `--paper` or the locale gives, and the PDF sheet typeset by groff as a child process.
// The files' text is SessionFormats' (ICalendar, PlanMarkdown, PlanSheet).

/// The formats `plan export` writes; names from one list, as its help and completion
/// give them.
enum PlanExportFormat: String, CaseIterable {
    case ics, markdown, pdf
}

extension PlanSheet.Paper {
    /// `--paper` when given, else the locale's paper (`LC_ALL`, then `LC_PAPER`,
    /// then `LANG`, as POSIX orders them), else A4.
    static func chosen(_ word: String?, environment: [String: String]) throws(UsageError) -> PlanSheet.Paper {
        if let word { return try Options.paper.read(word) }
        let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.map(ofLocale) ?? .a4
    }

    /// The paper of a locale such as `en_US.UTF-8`: the height the installed locale
    /// gives (glibc's LC_PAPER), or where the locale is not installed, its
    /// territory's — Letter in the Americas that use it and the Philippines, A4
    /// everywhere else.
    static func ofLocale(_ name: String) -> PlanSheet.Paper {
        if let heightMm = installedPaperHeightMm(name) { return heightMm == 279 ? .letter : .a4 }
        let territory = name.split(separator: "@").first?.split(separator: ".").first?.split(separator: "_").dropFirst().first
        return territory.map { letterTerritories.contains(String($0)) } == true ? .letter : .a4
    }

    /// The territories that print on Letter.
    static let letterTerritories: Set = ["US", "CA", "MX", "PH", "PR", "CL", "CO", "CR", "GT", "NI", "PA", "SV", "VE"]

    /// glibc's `_NL_PAPER_HEIGHT` of the locale, when it is installed.
    private static func installedPaperHeightMm(_ name: String) -> Int? {
        let previous = setlocale(LC_PAPER, nil).map { String(cString: $0) }
        defer { _ = setlocale(LC_PAPER, previous ?? "C") }
        guard setlocale(LC_PAPER, name) != nil else { return nil }
        // _NL_PAPER_HEIGHT is _NL_ITEM(LC_PAPER, 0); the answer is a number in the
        // pointer's low 32 bits, as locale(1) reads it.
        let item = nl_item((Int32(LC_PAPER) << 16) | 0)
        let height = Int(UInt32(truncatingIfNeeded: Int(bitPattern: nl_langinfo(item))))
        return height > 0 ? height : nil
    }
}

extension PlanSheet {
    /// Why the sheet could not be typeset.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What groff made: the PDF, and the characters its fonts have no glyph for (left
    /// out of the sheet).
    struct Typeset {
        let pdf: [UInt8]
        let missing: [Character]
    }

    /// Runs `source` through groff's tbl and PDF writer, found on `PATH`.
    func typeset(_ source: String, environment: [String: String]) throws(Failure) -> Typeset {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for tool in ["groff", "tbl", "gropdf"] where ChildProcess.executable(named: tool, path: path) == nil {
            throw Failure(description: "--format pdf typesets the sheet with groff, and \(tool) is not on PATH "
                + "(on Debian and Ubuntu: apt install groff; make deps installs it)")
        }
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(shell: "exec groff -t -Tpdf -dpaper=\"$1\" -P-p\"$1\"", arguments: ["sh", paper.rawValue],
                                            input: Array(source.utf8), timeoutMs: 60_000, environment: ["PATH": path])
        } catch {
            throw Failure(description: "cannot run groff: \(error)")
        }
        let errors = String(decoding: finished.standardError, as: UTF8.self)
        guard finished.ending == .exited(0), finished.standardOutput.starts(with: Array("%PDF".utf8)) else {
            throw Failure(description: "groff could not typeset the sheet (\(finished.ending)): " + errors.trimmingWhitespace())
        }
        // troff: <standard input>:12: warning: can't find special character 'u1F4AA'
        var missing: [Character] = []
        for line in errors.split(separator: "\n") {
            let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
            guard line.contains("special character"), quoted.count >= 3, let name = quoted.dropLast().last, name.first == "u",
                  let value = UInt32(name.dropFirst().split(separator: "_").first ?? "", radix: 16),
                  let scalar = Unicode.Scalar(value), !missing.contains(Character(scalar)) else { continue }
            missing.append(Character(scalar))
        }
        return Typeset(pdf: finished.standardOutput, missing: missing)
    }
}

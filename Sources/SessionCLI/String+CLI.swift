/// The few text helpers sessionctl's commands and formatting share.
extension String {
    /// Without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension String {
    /// Every `target` replaced with `replacement` (Foundation's, which sessionctl does
    /// not link).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }
}

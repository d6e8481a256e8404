/// Text with its control characters written out, for a terminal or a message: a file name
/// pushed in a branch must not clear the terminal, retitle it or write to its clipboard.
package enum PrintableText {
    /// `text` with each control character (C0, DEL and C1) written as `\u{1B}`; tabs and line
    /// breaks are kept when `keepingLines` is set, as a message of several lines has them.
    package static func of(_ text: String, keepingLines: Bool = true) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLines, scalar == "\t" || scalar == "\n" { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

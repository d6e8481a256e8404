/// Text from a blog or a branch made safe to write to a terminal or a log.
package enum PrintableText {
    /// `text` with each character that could move or hide what a reader sees written as
    /// `\u{1B}`: control characters (C0, DEL and C1), the line and paragraph separators, and
    /// the bidirectional embeddings, overrides and isolates, which can make a line read
    /// backwards. Tabs and line breaks are kept when `keepingLines` is set, as a message of
    /// several lines has them.
    package static func of(_ text: String, keepingLines: Bool = true) -> String {
        func hidden(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLines, scalar == "\t" || scalar == "\n" { return false }
            return isHidden(scalar)
        }
        guard text.unicodeScalars.contains(where: hidden) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if hidden(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `scalar` is one ``of(_:keepingLines:)`` writes out: a control character, a line
    /// or paragraph separator, or a bidirectional control.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

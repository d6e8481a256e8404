import Diagnostics
import Foundation

/// The lines that open and close front matter, when a blogger has not quite written them: a
/// `--` or `----` line, or a closing line left out, which would otherwise show only as a post
/// without a title.
package enum FrontMatterFence {
    /// The first line's text when it is dashes (or an em dash, as editors turn `--` into) but not
    /// the three that open front matter.
    package static func misspelt(opening line: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text != "---", text.allSatisfy({ $0 == "-" || $0 == "—" || $0 == "–" }) else { return nil }
        return text
    }

    /// Whether the line after `end` reads as a front matter key (`title: …`): a Markdown file may
    /// well start with a horizontal rule.
    package static func looksLikeKey(_ bytes: [UInt8], after end: Int) -> Bool {
        guard end < bytes.count else { return false }
        let rest = bytes[(end + 1)...]
        let line = rest.prefix { $0 != 0x0A }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return false }
        return line[..<colon].allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// The error for front matter opened by `fence` on the line ending at `end` and never closed,
    /// at the line that most likely meant to close it: one of dashes that are not three, else the
    /// first empty line (where the text would start), else the opening line.
    package static func notClosed(_ bytes: [UInt8], after end: Int, fence: String, path: String) -> Diagnostic {
        let lines = bytes[min(bytes.count, end + 1)...].split(separator: 0x0A, omittingEmptySubsequences: false)
        var firstEmpty: Int?
        for (offset, line) in lines.enumerated() {
            let number = offset + 2
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let mark = fence.first ?? "-"
            if !text.isEmpty, text.count != 3 || !text.allSatisfy({ $0 == mark }),
                text.allSatisfy({ $0 == mark || (mark == "-" && ($0 == "—" || $0 == "–")) })
            {
                return Diagnostic(path: path, line: number, column: 1, message:
                    "front matter not closed: this line is '\(text)', and front matter closes with a line of three '\(fence)'")
            }
            if text.isEmpty, firstEmpty == nil, number < lines.count + 1 { firstEmpty = number }
        }
        if let firstEmpty {
            return Diagnostic(path: path, line: firstEmpty, message:
                "front matter not closed: the block opened on line 1 has no closing '\(fence)' line; put one after its last key")
        }
        return Diagnostic(path: path, line: 1, message: "front matter not closed: the '\(fence)' here has no closing '\(fence)' line")
    }
}

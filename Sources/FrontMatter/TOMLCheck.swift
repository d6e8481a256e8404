/// Finds what TOMLKit must not be handed. Its C++ parser (toml++) was built with its assertions
/// on, and takes two things for granted without checking, so that text breaking them stopped
/// the process with an assertion (a post pushed in a branch stopped a preview build that way):
/// that the character after a header's `[` or `[[` (and the spaces after it) starts a key
/// (`[[[`, `[#`, `[.a]` broke it), and that an array's item does not start with `}` or a line
/// break TOML does not know (U+0085, U+2028, U+2029). And it ends a string at an escaped NUL
/// without a word: `title = "a\u0000b"` read as `a`. The grammar of TOML 1.0 is followed as far
/// as telling headers from values needs it: a `[` that starts a line outside strings, comments,
/// arrays and inline tables is a header.
enum TOMLCheck {
    /// Where TOMLKit would stop the process or lose text: the line (from 1), and what is wrong there.
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    /// The first place in `text` that breaks what TOMLKit takes for granted; nil when none does.
    static func problem(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var index = 0, line = 1
        /// The arrays (`[`) and inline tables (`{`) open around the place read.
        var open: [UInt8] = []
        var startsStatement = true
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        /// Moves past the closing `quote` of a string, one or three of them long; a line break
        /// ends a one-line string (TOMLKit then stops at it). True when the string holds an
        /// escaped NUL, which TOMLKit would end the string at without a word.
        func skipString(_ quote: UInt8, long: Bool, escapes: Bool) -> Bool {
            index += long ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if escapes, byte == UInt8(ascii: "\\") {
                    if at(1) == UInt8(ascii: "\n") { line += 1 }
                    if at(1) == UInt8(ascii: "u"), bytes[index + 2..<min(bytes.count, index + 6)].elementsEqual(Array("0000".utf8)) { return true }
                    if at(1) == UInt8(ascii: "U"), bytes[index + 2..<min(bytes.count, index + 10)].elementsEqual(Array("00000000".utf8)) { return true }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    if !long { return false }
                    line += 1
                } else if byte == quote, !long || (at(1) == quote && at(2) == quote) {
                    index += long ? 3 : 1
                    // Up to two more quotes belong to the string's text.
                    while long, at(0) == quote { index += 1 }
                    return false
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                startsStatement = open.isEmpty
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let long = at(1) == byte && at(2) == byte
                if skipString(byte, long: long, escapes: byte == UInt8(ascii: "\"")) {
                    return Problem(line: line, message: "a string holds \\u0000, a NUL, which TOMLKit would end the string at; take it out")
                }
                startsStatement = false
            case UInt8(ascii: "[") where startsStatement:
                if let problem = header(bytes, from: index, line: line) { return problem }
                // The rest of a header's line is its name and a comment: nothing opens there.
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(byte)
                index += 1
            case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
                return Problem(line: line, message: "an array holds `}` where an item or `]` should be")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = open.popLast()
                index += 1
            // U+0085, U+2028 and U+2029 in UTF-8, outside strings and comments.
            case 0xC2 where at(1) == 0x85, 0xE2 where at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9):
                return Problem(line: line, message: "U+\(at(1) == 0x85 ? "0085" : at(2) == 0xA8 ? "2028" : "2029") is no line break TOML knows; use a line feed")
            default:
                startsStatement = false
                index += 1
            }
        }
        return nil
    }

    /// Whether the header at `start` (its first `[`) names a key as TOMLKit needs.
    private static func header(_ bytes: [UInt8], from start: Int, line: Int) -> Problem? {
        var index = start + 1
        func skipSpaces() -> Bool {
            let from = index
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index > from
        }
        // `[ [` is an error TOMLKit says itself.
        if skipSpaces(), index < bytes.count, bytes[index] == UInt8(ascii: "[") { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            index += 1
            _ = skipSpaces()
        }
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            return nil
        default:
            let rest = String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self)
            let found: String = switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): "the end of the line"
            default: "`\(rest.prefix(1))`"
            }
            return Problem(line: line, message: "`[` or `[[` must be followed by a table's name, not \(found)")
        }
    }
}

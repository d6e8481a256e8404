/// A JSON value written to stand inside an HTML `<script>` element, as a page's schema.org
/// description does.
///
/// Objects keep their keys in the order given: callers give them sorted, so the text is the same
/// on every build. Strings escape what JSON requires (`"`, `\`, control characters), and also
/// `<`, `>`, `&` and the line and paragraph separators as `\u` escapes, which JSON reads as the
/// same characters: a title holding `</script>` stays text.
package enum ScriptJSON: Equatable, Sendable {
    case string(String)
    case array([ScriptJSON])
    case object([Member])

    /// One key of an object and its value.
    package struct Member: Equatable, Sendable {
        package var key: String
        package var value: ScriptJSON

        package init(_ key: String, _ value: ScriptJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value as JSON text, without spaces.
    package var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .string(let string):
            Self.quote(string, to: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.quote(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func quote(_ string: String, to text: inout String) {
        text += "\""
        // Looked over as contiguous bytes (String's own UTF-8 view checks every index), and
        // copied in runs between the escapes: nearly every title and address has none, and a
        // description ends in `…`, whose first byte is a separator's too.
        var string = string
        let escapes = string.withUTF8(escapes(in:))
        if escapes.isEmpty {
            text += string
        } else {
            let utf8 = string.utf8
            var copied = utf8.startIndex
            for (offset, length, escape) in escapes {
                let start = utf8.index(utf8.startIndex, offsetBy: offset)
                text += string[copied..<start]
                text += escape
                copied = utf8.index(start, offsetBy: length)
            }
            text += string[copied...]
        }
        text += "\""
    }

    /// Each byte or sequence of `bytes` that JSON inside a script element must not hold as it
    /// is: where it starts, how many bytes it takes, and what is written in its place.
    private static func escapes(in bytes: UnsafeBufferPointer<UInt8>) -> [(offset: Int, length: Int, escape: String)] {
        var found: [(offset: Int, length: Int, escape: String)] = []
        for index in bytes.indices {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): found.append((index, 1, "\\\""))
            case UInt8(ascii: "\\"): found.append((index, 1, "\\\\"))
            case 0x08: found.append((index, 1, "\\b"))
            case 0x0C: found.append((index, 1, "\\f"))
            case UInt8(ascii: "\n"): found.append((index, 1, "\\n"))
            case UInt8(ascii: "\r"): found.append((index, 1, "\\r"))
            case UInt8(ascii: "\t"): found.append((index, 1, "\\t"))
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                found.append((index, 1, unicodeEscape(UInt32(byte))))
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                found.append((index, 3, bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"))
            default:
                continue
            }
        }
        return found
    }

    /// `\u` and four lower-case hexadecimal digits, as JSON writers on this platform spell them.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}

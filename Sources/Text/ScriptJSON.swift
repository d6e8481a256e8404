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
        // Nearly every title and address needs no escape: found so over the contiguous bytes,
        // and written whole.
        var string = string
        if string.withUTF8({ !needsEscape($0) }) {
            text += string
            text += "\""
            return
        }
        // Looked over as bytes, and copied in runs between the escapes: a description ends in
        // `…`, whose first byte is a separator's too.
        let utf8 = string.utf8
        var copied = utf8.startIndex, index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            let escape: String
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                escape = unicodeEscape(UInt32(byte))
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                guard next < utf8.endIndex, utf8[next] == 0x80 else {
                    index = next
                    continue
                }
                let third = utf8.index(after: next)
                guard third < utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 else {
                    index = next
                    continue
                }
                escape = utf8[third] == 0xA8 ? "\\u2028" : "\\u2029"
                next = utf8.index(after: third)
            default:
                index = next
                continue
            }
            if copied < index { text += string[copied..<index] }
            text += escape
            index = next
            copied = next
        }
        if copied == utf8.startIndex { text += string } else if copied < utf8.endIndex { text += string[copied...] }
        text += "\""
    }

    /// Whether `bytes` hold anything ``quote(_:to:)`` writes escaped.
    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return true
            default:
                continue
            }
        }
        return false
    }

    /// `\u` and four lower-case hexadecimal digits, as JSON writers on this platform spell them.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}

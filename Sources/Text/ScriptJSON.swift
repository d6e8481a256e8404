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
        // Nearly every title and address needs no escape: looked over as bytes, and added whole.
        if !string.utf8.contains(where: needsLookingAt) {
            text += string
        } else {
            for scalar in string.unicodeScalars { append(scalar, to: &text) }
        }
        text += "\""
    }

    /// Whether the byte may start something to escape; U+2028 and U+2029 begin with 0xE2.
    private static func needsLookingAt(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
    }

    private static func append(_ scalar: Unicode.Scalar, to text: inout String) {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\u{8}": text += "\\b"
        case "\u{C}": text += "\\f"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}": text += unicodeEscape(scalar.value)
        default: text.unicodeScalars.append(scalar)
        }
    }

    /// `\u` and four lower-case hexadecimal digits, as JSON writers on this platform spell them.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}

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
        // Written as bytes and made a String once: appending each key and piece to a String
        // took most of a page's JSON-LD time (a thousand posts: 49 M instructions, a tenth of it
        // the bytes themselves).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .string(let string):
            Self.quote(string, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.quote(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func quote(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Looked over as contiguous bytes (String's own UTF-8 view checks every index), and
        // copied in runs between the escapes: nearly every title and address has none, and a
        // description ends in `…`, whose first byte is a separator's too.
        var string = string
        string.withUTF8 { source in
            var copied = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                let length: Int
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "\""): (length, escape) = (1, "\\\"")
                case UInt8(ascii: "\\"): (length, escape) = (1, "\\\\")
                case 0x08: (length, escape) = (1, "\\b")
                case 0x0C: (length, escape) = (1, "\\f")
                case UInt8(ascii: "\n"): (length, escape) = (1, "\\n")
                case UInt8(ascii: "\r"): (length, escape) = (1, "\\r")
                case UInt8(ascii: "\t"): (length, escape) = (1, "\\t")
                case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
                    appendUnicodeEscape(of: byte, to: &bytes)
                    index += 1
                    copied = index
                    continue
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 2 < source.count && source[index + 1] == 0x80 && (source[index + 2] == 0xA8 || source[index + 2] == 0xA9):
                    (length, escape) = (3, source[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                index += length
                copied = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lower-case hexadecimal digits of a byte below 0x80, as JSON writers on
    /// this platform spell them.
    private static func appendUnicodeEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digit(byte >> 4), digit(byte & 0xF)])
    }
}

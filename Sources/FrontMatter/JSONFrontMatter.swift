import Diagnostics

/// JSON front matter, as Hugo allows it: a post that starts with `{` holds a JSON object, and its
/// Markdown follows the closing `}`. Read into the ``YAMLValue`` that YAML front matter gives,
/// with the line of each value, in the order written.
///
/// A reader of its own rather than Foundation's: that one gives neither the order of keys nor
/// their lines, nor says where an object ends when text follows it.
package struct JSONFrontMatter {
    private let bytes: [UInt8]
    private let path: String
    /// What the text is called in messages: a settings file is no front matter.
    private var what = "JSON front matter"
    private var offset = 0
    private var line = 1

    /// The object at the start of `bytes` and the offset just past its closing brace; `what`
    /// names the text in messages.
    package static func parse(_ bytes: [UInt8], path: String, what: String = "JSON front matter") throws(Diagnostic) -> (value: YAMLValue, end: Int, endLine: Int) {
        var reader = JSONFrontMatter(bytes: bytes, path: path)
        reader.what = what
        reader.skipSpace()
        guard reader.peek == UInt8(ascii: "{") else { throw reader.problem("\(what) must be an object, opened by '{'") }
        let value = try reader.value(depth: 0)
        return (value, reader.offset, reader.line)
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func problem(_ message: String) -> Diagnostic {
        Diagnostic(path: path, line: line, message: message)
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { line += 1 }
            offset += 1
        }
    }

    private mutating func expect(_ character: Character) throws(Diagnostic) {
        skipSpace()
        guard peek == character.asciiValue else {
            throw problem("\(what): expected '\(character)' \(found)")
        }
        offset += 1
    }

    private var found: String {
        guard let byte = peek else { return "but the file ends" }
        return byte < 0x80 ? "but found '\(Character(Unicode.Scalar(byte)))'" : "but found other text"
    }

    private mutating func value(depth: Int) throws(Diagnostic) -> YAMLValue {
        // Front matter nests a few levels; a file nesting thousands would only exhaust the stack.
        guard depth < 64 else { throw problem("\(what) nests more than 64 levels") }
        skipSpace()
        let start = line
        switch peek {
        case UInt8(ascii: "{"):
            offset += 1
            var pairs: [(key: String, value: YAMLValue)] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                offset += 1
                return .mapping(pairs, line: start)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw problem("\(what): expected a key in double quotes \(found)") }
                let keyLine = line
                let key = try string()
                guard !pairs.contains(where: { $0.key == key }) else {
                    throw Diagnostic(path: path, line: keyLine, message: "\(what): '\(key)' is given twice")
                }
                try expect(":")
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect("}")
                return .mapping(pairs, line: start)
            }
        case UInt8(ascii: "["):
            offset += 1
            var items: [YAMLValue] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                offset += 1
                return .sequence(items, line: start)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect("]")
                return .sequence(items, line: start)
            }
        case UInt8(ascii: "\""):
            return .scalar(try string(), plain: false, line: start)
        default:
            // A number, true, false or null: the run of characters that can make one.
            let begin = offset
            while let byte = peek, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
                offset += 1
            }
            let word = String(decoding: bytes[begin..<offset], as: UTF8.self)
            switch word {
            case "true", "false": return .scalar(word, plain: true, line: start)
            case "null": return .null(line: start)
            default:
                guard !word.isEmpty, Double(word) != nil, word.first != "+" else {
                    offset = begin
                    throw problem("\(what): expected a value \(word.isEmpty ? found : "but found '\(word)'")")
                }
                return .scalar(word, plain: true, line: start)
            }
        }
    }

    /// A string in double quotes, its escapes undone; `offset` is at the opening quote.
    private mutating func string() throws(Diagnostic) -> String {
        offset += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw problem("\(what): a string is never closed") }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case 0x0A:
                throw problem("\(what): a string runs past the end of its line (write \\n for a line break)")
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw problem("\(what): a string is never closed") }
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    // A character beyond the first plane comes as two escapes, a surrogate pair.
                    if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") {
                        offset += 2
                        let low = try hexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw problem("\(what): a \\u escape is not a valid character") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let character = Unicode.Scalar(scalar) else { throw problem("\(what): a \\u escape is not a valid character") }
                    text += Array(String(Character(character)).utf8)
                default:
                    throw problem("\(what): '\\\(Character(Unicode.Scalar(escaped)))' is not an escape JSON knows")
                }
            default:
                text.append(byte)
            }
        }
    }

    private mutating func hexQuad() throws(Diagnostic) -> UInt32 {
        guard offset + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16) else {
            throw problem("\(what): \\u must be followed by four hexadecimal digits")
        }
        offset += 4
        return value
    }
}

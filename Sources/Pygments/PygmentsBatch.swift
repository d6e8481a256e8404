import Foundation
import Highlighting

/// One batch of blocks as the Pygments helper reads it, and its answer as Galley reads it back.
/// Made and read outside the session's locks: one thread encodes its batch while another's
/// is being sent.
///
/// The JSON is written and read here, byte by byte, rather than by Foundation's coders: a
/// cold build sends one batch for each post with code, and those coders' dynamic casts cost
/// more than the rest of the exchange.
struct PygmentsBatch {
    /// The JSON line the helper reads: `[["swift", "let a = 1\n"], …]`.
    let request: Data
    let count: Int
    /// The bytes of code it holds, which the helper's time limit grows with.
    let size: Int

    init(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(blocks.reduce(64) { $0 + $1.code.utf8.count + $1.language.utf8.count + 16 })
        for (index, block) in blocks.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            JSONText.append(block.language, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONText.append(block.code, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: [UInt8(ascii: "]"), 0x0A])
        request = Data(bytes)
        count = blocks.count
        size = blocks.reduce(0) { $0 + $1.code.utf8.count }
    }

    /// The answer in the line the helper wrote: one entry a block, nil for an unknown language.
    func answers(from line: [UInt8]) throws(HighlighterUnavailable) -> [String?] {
        guard let answers = JSONText.stringsOrNulls(line), answers.count == count else {
            throw HighlighterUnavailable("Pygments gave an answer Galley does not understand")
        }
        return answers
    }
}

/// The two shapes of JSON the helper and Galley exchange: strings written, and an array of
/// strings and nulls read.
enum JSONText {
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as its UTF-8 bytes.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `line` read as a JSON array whose items are strings or nulls, or nil when it is not one.
    static func stringsOrNulls(_ line: [UInt8]) -> [String?]? {
        var reader = Reader(bytes: line)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var items: [String?] = []
        reader.skipSpace()
        if reader.take(UInt8(ascii: "]")) { return reader.atEnd ? items : nil }
        while true {
            reader.skipSpace()
            if reader.take(literal: "null") {
                items.append(nil)
            } else if let text = reader.string() {
                items.append(text)
            } else {
                return nil
            }
            reader.skipSpace()
            if reader.take(UInt8(ascii: ",")) { continue }
            guard reader.take(UInt8(ascii: "]")) else { return nil }
            return reader.atEnd ? items : nil
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool {
            var rest = index
            while rest < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[rest]) { rest += 1 }
            return rest == bytes.count
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func take(literal: String) -> Bool {
            let wanted = Array(literal.utf8)
            guard index + wanted.count <= bytes.count, bytes[index..<index + wanted.count].elementsEqual(wanted) else { return false }
            index += wanted.count
            return true
        }

        /// A JSON string from here: its escapes undone, its bytes checked to be UTF-8.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard var scalar = hexQuad() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            // A pair of escapes for one character beyond the first plane.
                            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let character = Unicode.Scalar(scalar) else { return nil }
                        out.append(contentsOf: Array(String(Character(character)).utf8))
                    default:
                        return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    out.append(byte)
                }
            }
            return nil
        }

        private mutating func hexQuad() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}

import Foundation

/// The text a skeleton render prints where a page's own value goes (see ``LayoutStencils``):
/// U+FDD0, `<`, this process's nonce, the slot's number and U+FDD1.
///
/// The `<` is for the layout's own escaping to find: where the layout escapes the value, it
/// turns the `<` into `&lt;`, and the stencil knows the slot for an escaped one. Escaping needs
/// to know nothing of marks, and no render but a skeleton's ever sees one.
///
/// U+FDD0 and U+FDD1 are noncharacters, which Unicode sets aside for a program's internal use;
/// the random nonce means that no page's text, however odd, passes for a mark.
package enum SlotMarker {
    static let lead: UInt8 = 0xEF, second: UInt8 = 0xB7
    /// The third bytes of U+FDD0 (a mark's start) and U+FDD1 (its end).
    static let start: UInt8 = 0x90, end: UInt8 = 0x91
    /// The `<` a mark holds as it is printed, and as escaping leaves it.
    private static let raw = Array("<".utf8), escaped = Array("&lt;".utf8)

    static let nonce: [UInt8] = (0..<8).map { _ in UInt8.random(in: 0x61...0x7A) }

    /// The mark of slot `number`, followed by `suffix`.
    static func mark(_ number: Int, suffix: String = "") -> String {
        var bytes: [UInt8] = [lead, second, start]
        bytes += raw
        bytes += nonce
        bytes += String(number).utf8
        bytes += [lead, second, end]
        bytes += suffix.utf8
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The slot number of the mark that starts at `start` in `bytes`, whether it was escaped,
    /// and the offset just past it; nil when no well-formed mark of this process starts there.
    static func parse(_ bytes: some RandomAccessCollection<UInt8>, at start: Int) -> (number: Int, escaped: Bool, end: Int)? {
        let base = bytes.startIndex
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[bytes.index(base, offsetBy: offset)] : nil }
        func matches(_ expected: [UInt8], at offset: Int) -> Bool {
            expected.indices.allSatisfy { byte(offset + $0) == expected[$0] }
        }
        guard byte(start) == lead, byte(start + 1) == second, byte(start + 2) == Self.start else { return nil }
        var offset = start + 3
        let isEscaped = matches(escaped, at: offset)
        guard isEscaped || matches(raw, at: offset) else { return nil }
        offset += isEscaped ? escaped.count : raw.count
        guard matches(nonce, at: offset) else { return nil }
        offset += nonce.count
        var number = 0, digits = 0
        while let digit = byte(offset), digit >= 0x30, digit <= 0x39, digits < 9 {
            number = number * 10 + Int(digit - 0x30)
            digits += 1
            offset += 1
        }
        guard digits > 0, byte(offset) == lead, byte(offset + 1) == second, byte(offset + 2) == end else { return nil }
        return (number, isEscaped, offset + 3)
    }
}

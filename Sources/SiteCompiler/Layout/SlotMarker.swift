import Foundation

/// The text a skeleton render prints where a page's own value goes (see ``LayoutStencils``):
/// U+FDD0, this process's nonce, the slot's number and U+FDD1. Escaping turns the first into
/// U+FDD2, so the stencil knows which slots the layout escapes.
///
/// U+FDD0 to U+FDD2 are noncharacters, which Unicode sets aside for a program's internal use;
/// the random nonce means that no page's text, however odd, passes for a mark.
enum SlotMarker {
    static let lead: UInt8 = 0xEF, second: UInt8 = 0xB7
    /// The third bytes of U+FDD0 (a slot printed as it is), U+FDD2 (escaped) and U+FDD1 (the end).
    static let raw: UInt8 = 0x90, escaped: UInt8 = 0x92, end: UInt8 = 0x91

    static let nonce: [UInt8] = (0..<8).map { _ in UInt8.random(in: 0x61...0x7A) }

    /// Whether this thread is making a skeleton render: escaping reads marks only then, so
    /// that no other render's output can change, whatever its values hold.
    @TaskLocal static var inSkeleton = false

    /// The mark of slot `number`, followed by `suffix`.
    static func mark(_ number: Int, suffix: String = "") -> String {
        var bytes: [UInt8] = [lead, second, raw]
        bytes += nonce
        bytes += String(number).utf8
        bytes += [lead, second, end]
        bytes += suffix.utf8
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` escaped, when it is a mark (with nothing after it but line breaks, which escaping
    /// leaves as they are) and a skeleton is being rendered; nil otherwise. A layout escapes
    /// each value on its own, so a mark reaches escaping whole.
    static func escaping(_ text: String) -> String? {
        guard text.utf8.first == lead, inSkeleton else { return nil }
        var bytes = Array(text.utf8)
        guard let (_, end) = parse(bytes, at: 0), bytes[2] == raw,
              bytes[end...].allSatisfy({ $0 == 0x0A || $0 == 0x0D }) else { return nil }
        bytes[2] = escaped
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The slot number of the mark that starts at `start` in `bytes` and the offset just past it;
    /// nil when no well-formed mark of this process starts there.
    static func parse(_ bytes: some RandomAccessCollection<UInt8>, at start: Int) -> (number: Int, end: Int)? {
        let base = bytes.startIndex
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[bytes.index(base, offsetBy: offset)] : nil }
        guard byte(start) == lead, byte(start + 1) == second, byte(start + 2) == raw || byte(start + 2) == escaped else { return nil }
        var offset = start + 3
        for expected in nonce {
            guard byte(offset) == expected else { return nil }
            offset += 1
        }
        var number = 0, digits = 0
        while let digit = byte(offset), digit >= 0x30, digit <= 0x39, digits < 9 {
            number = number * 10 + Int(digit - 0x30)
            digits += 1
            offset += 1
        }
        guard digits > 0, byte(offset) == lead, byte(offset + 1) == second, byte(offset + 2) == end else { return nil }
        return (number, offset + 3)
    }
}

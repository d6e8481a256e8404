/// The bytes of a date being written out, in room the caller provides (on the stack, for the
/// few dozen a date takes): ``DatePattern`` writes ten thousand dates three ways each for a big
/// blog's list pages, where a growing array for each cost an allocation, a copy and a release
/// more than the string made of it.
struct DateBytes {
    private let room: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// Whether more was written than there is room for: what was written is then incomplete,
    /// and the date must be written again in more room.
    private(set) var overflowed = false

    init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        self.room = room
    }

    /// The bytes written, as a string.
    var string: String {
        String(decoding: UnsafeBufferPointer(rebasing: room[..<count]), as: UTF8.self)
    }

    /// Whether `more` bytes fit; if not, the write is marked overflowed.
    private mutating func fits(_ more: Int) -> Bool {
        guard !overflowed, more <= room.count - count else {
            overflowed = true
            return false
        }
        return true
    }

    mutating func append(_ byte: UInt8) {
        guard fits(1) else { return }
        room[count] = byte
        count += 1
    }

    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0, fits(times) else { return }
        room.baseAddress!.advanced(by: count).initialize(repeating: byte, count: times)
        count += times
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard !bytes.isEmpty, fits(bytes.count) else { return }
            room.baseAddress!.advanced(by: count).initialize(from: bytes.baseAddress!, count: bytes.count)
            count += bytes.count
        }
    }

    /// `value` in decimal, with zeros in front up to `width` digits: `07`, `2019`.
    mutating func append(_ value: Int, width: Int) {
        guard value >= 0 else { return append(CivilTime.digits(value, width)) }
        var digits = 1, rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        append(UInt8(ascii: "0"), times: width - digits)
        guard fits(digits) else { return }
        rest = value
        for index in stride(from: count + digits - 1, through: count, by: -1) {
            room[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }
}

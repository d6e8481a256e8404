package extension String {
    /// The text with each character that HTML and XML 1.0 do not allow in a document replaced by
    /// U+FFFD, as CommonMark does with NUL: the C0 controls other than tab, line feed and
    /// carriage return (form feed too, which XML forbids), and the noncharacters U+FFFE and
    /// U+FFFF. A feed with one of them is not XML at all, and readers reject the whole of it.
    ///
    /// Applied where text comes into a build (YAML values, rendered Markdown, layouts), so a
    /// page, a feed and the sitemap show the same title.
    func replacingForbiddenCharacters() -> String {
        // Nearly all text has none: looked over as contiguous bytes, and returned as it is.
        let clean = utf8.withContiguousStorageIfAvailable { Self.firstForbidden(in: $0) == nil }
            ?? Array(utf8).withUnsafeBufferPointer { Self.firstForbidden(in: $0) == nil }
        if clean { return self }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 8)
        let bytes = Array(utf8)
        var index = 0
        while index < bytes.count {
            let width = Self.forbiddenWidth(bytes, at: index)
            if width > 0 {
                output += [0xEF, 0xBF, 0xBD]
                index += width
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Where the first forbidden character starts, looked for eight bytes at a time: a word
    /// with no byte below 0x20 and none that is 0xEF (the first of U+FFFE's and U+FFFF's three)
    /// holds none, and nearly every word of a page is such a word. A word with a tab or a line
    /// break in it is looked over a byte at a time.
    private static func firstForbidden(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var start = 0
        while start + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            // Not zero when some byte is below 0x20, or is 0xEF (which the xor makes 0).
            let below = (word &- ones &* 0x20) & ~word & highs
            let xored = word ^ (ones &* 0xEF)
            let marked = (xored &- ones) & ~xored & highs
            if below | marked != 0, let found = (start..<(start + 8)).first(where: { forbiddenWidth(bytes, at: $0) > 0 }) {
                return found
            }
            start += 8
        }
        return (start..<bytes.count).first { forbiddenWidth(bytes, at: $0) > 0 }
    }

    /// How many bytes the forbidden character at `index` takes; 0 when the byte starts none.
    private static func forbiddenWidth<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int where Bytes.Index == Int {
        let byte = bytes[index]
        if byte < 0x20 { return byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0 : 1 }
        guard byte == 0xEF, index + 2 < bytes.endIndex, bytes[index + 1] == 0xBF else { return 0 }
        return bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF ? 3 : 0
    }
}

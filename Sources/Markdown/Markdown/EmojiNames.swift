/// `:ship:` made 🚢 in a post's Markdown, as jemoji and Hugo's `enableEmoji` make it: only a
/// name the table knows, and never in code or math, where colons are the author's own.
package enum EmojiNames {
    /// `text` with each `:name:` the table knows replaced by its emoji; `protected` are the
    /// byte ranges of code and math, sorted.
    package static func replacing(in text: String, protected: [Range<Int>], names: [String: String]) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0, index = 0, nextProtected = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ":") else {
                index += 1
                continue
            }
            while nextProtected < protected.count, protected[nextProtected].upperBound <= index { nextProtected += 1 }
            if nextProtected < protected.count, protected[nextProtected].contains(index) {
                index = protected[nextProtected].upperBound
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 64, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, end > index + 1, bytes[end] == UInt8(ascii: ":"),
                let emoji = names[String(decoding: bytes[(index + 1)..<end], as: UTF8.self)],
                !(nextProtected < protected.count && protected[nextProtected].lowerBound <= end)
            else {
                index += 1
                continue
            }
            output += bytes[copied..<index]
            output += Array(emoji.utf8)
            index = end + 1
            copied = index
        }
        guard copied > 0 else { return text }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes GitHub's names are made of: `+1`, `thumbs_up`, `e-mail`, `100`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}

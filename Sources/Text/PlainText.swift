import Foundation

/// The words of an HTML fragment: its text without tags, its length, and shortened copies.
package enum PlainText {
    /// The text of an HTML fragment with tags, comments and scripts removed and entities decoded,
    /// whitespace folded to single spaces.
    package static func of(_ html: String) -> String {
        // Text with runs of white space made one space, and none at the start. A value of its
        // own rather than variables a nested function captures: those the runtime checks for
        // exclusive access on every byte.
        struct Text {
            package var output: [UInt8] = []
            package var pendingSpace = false

            package mutating func append(_ byte: UInt8) {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    pendingSpace = !output.isEmpty
                    return
                }
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
        }
        var html = html
        let output = html.withUTF8 { bytes in
            var text = Text()
            text.output.reserveCapacity(bytes.count)
            var index = 0
            let count = bytes.count
            func hasPrefix(_ text: StaticString, at position: Int) -> Bool {
                let length = text.utf8CodeUnitCount
                guard position + length <= count else { return false }
                for offset in 0..<length where bytes[position + offset] | 0x20 != text.utf8Start[offset] | 0x20 { return false }
                return true
            }
            func find(_ text: StaticString, from position: Int) -> Int? {
                var position = position
                while position < count {
                    if hasPrefix(text, at: position) { return position }
                    position += 1
                }
                return nil
            }
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), index + 1 < count {
                    let next = bytes[index + 1]
                    let isLetter = (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
                    guard isLetter || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") else {
                        text.append(byte)  // a bare '<' in text, not a tag
                        index += 1
                        continue
                    }
                    if hasPrefix("<!--", at: index), let end = find("-->", from: index + 4) {
                        index = end + 3
                        continue
                    }
                    if hasPrefix("<script", at: index), let end = find("</script>", from: index) {
                        index = end + 9
                        continue
                    }
                    if hasPrefix("<style", at: index), let end = find("</style>", from: index) {
                        index = end + 8
                        continue
                    }
                    var end = index + 1
                    while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    guard end < count else {
                        text.append(byte)
                        index += 1
                        continue
                    }
                    var nameStart = index + 1
                    if bytes[nameStart] == UInt8(ascii: "/") { nameStart += 1 }
                    var nameEnd = nameStart
                    while nameEnd < end, (bytes[nameEnd] | 0x20 >= UInt8(ascii: "a") && bytes[nameEnd] | 0x20 <= UInt8(ascii: "z")) || (bytes[nameEnd] >= UInt8(ascii: "0") && bytes[nameEnd] <= UInt8(ascii: "9")) {
                        nameEnd += 1
                    }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self).lowercased()
                    if !inlineElements.contains(name) { text.append(0x20) }
                    index = end + 1
                    continue
                }
                text.append(byte)
                index += 1
            }
            return text.output
        }
        let text = HTMLEscape.decode(String(decoding: output, as: UTF8.self))
        return UTF8Search.contains("\u{A0}", in: text) ? text.replacingOccurrences(of: "\u{A0}", with: " ") : text
    }

    /// The number of words in an HTML fragment's text.
    package static func wordCount(_ html: String) -> Int {
        var html = html
        // Over the contiguous bytes: every post's whole body, each build. Between tags, memchr
        // finds the next `<` many bytes at a time and a loop without branches counts the bytes
        // that start a word; a tag neither starts nor ends one.
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            let count = bytes.count
            var words = 0
            var afterSpace = 1
            var index = 0
            while index < count {
                let tag = memchr(base + index, Int32(UInt8(ascii: "<")), count - index)
                let end = tag.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? count
                for position in index..<end {
                    let byte = base[position]
                    let isSpace = byte == 0x20 || byte &- 0x09 < 2 || byte == 0x0D ? 1 : 0
                    words &+= afterSpace & (isSpace ^ 1)
                    afterSpace = isSpace
                }
                guard end < count, let close = memchr(base + end + 1, Int32(UInt8(ascii: ">")), count - end - 1) else { break }
                index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(close)) + 1
            }
            return words
        }
    }

    /// Elements that sit inside a line of text, so removing their tags must not split words.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]


    /// At most `limit` characters of `text`, cut at a word boundary and ended with an ellipsis.
    package static func truncate(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        func isLetterOrDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        func ending(_ kept: String) -> String {
            // Nothing to trim at either end is the usual case, and Foundation's trim is slow.
            if isLetterOrDigit(kept.utf8.first), isLetterOrDigit(kept.utf8.last) { return kept + "…" }
            return kept.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
        }
        // In ASCII text without carriage returns (which join a following line feed into one
        // character) every byte is a character, and counting characters one by one, as a
        // String does, is the slow part of making ten thousand summaries.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            let cut = text.utf8.prefix(limit)
            let end = cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex
            return ending(String(decoding: cut[..<end], as: UTF8.self))
        }
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return ending(String(cut[..<end]))
    }
}

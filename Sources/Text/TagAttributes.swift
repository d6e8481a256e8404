import Foundation

/// The attributes of one HTML or SVG start tag, read as browsers read them: names without case,
/// values in double quotes, single quotes or none.
///
/// Only what sizing images needs: no entity is decoded, and a name given twice keeps its first value.
package struct TagAttributes {
    /// The attributes in the order written, names lowercased.
    package private(set) var pairs: [(name: String, value: String)] = []

    /// The attributes of `tag`, the text between the tag's name and its closing `>`.
    package init(_ tag: Substring) {
        var rest = tag[...]
        func dropSpace() { rest = rest.drop { $0.isWhitespace || $0 == "/" } }
        dropSpace()
        while !rest.isEmpty {
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            rest = rest.dropFirst(name.count)
            rest = rest.drop(while: \.isWhitespace)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    rest = rest.dropFirst(body.count + 1)
                    if rest.first == quote { rest = rest.dropFirst() }
                } else {
                    let body = rest.prefix { !$0.isWhitespace && $0 != ">" }
                    value = String(body)
                    rest = rest.dropFirst(body.count)
                }
            }
            if name.isEmpty {
                rest = rest.dropFirst()
            } else {
                let lowered = name.lowercased()
                if self[lowered] == nil { pairs.append((lowered, value)) }
            }
            dropSpace()
        }
    }

    /// The value of the attribute `name` (lowercase); nil when the tag has none.
    package subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The start tags named `name` (lowercase) in `html`, each as the range of its attributes:
    /// from just after its name to its closing `>`. Comments and the insides of `script` and
    /// `style` elements are skipped: text there that looks like a tag is not one, and a change
    /// to it would change a script.
    package static func startTags(named name: String, in html: String) -> [Range<String.Index>] {
        // Read as bytes: highlighted code holds a `<span>` every few words, and reading each
        // tag's name as characters, lowercased, cost more than rendering the Markdown.
        let offsets: [Range<Int>]
        if let read = html.utf8.withContiguousStorageIfAvailable({ startTags(named: Array(name.utf8), in: $0) }) {
            offsets = read
        } else {
            offsets = Array(html.utf8).withUnsafeBufferPointer { startTags(named: Array(name.utf8), in: $0) }
        }
        let utf8 = html.utf8
        return offsets.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) }
    }

    /// ``startTags(named:in:)`` as byte offsets into `bytes`.
    private static func startTags(named name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        let count = bytes.count
        guard let base = bytes.baseAddress else { return found }
        // Highlighted code has a tag every few words: nothing is made anew for each.
        let commentEnd = Array("-->".utf8)
        var index = 0
        while index < count, let open = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) {
            let after = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(open)) + 1
            if after + 3 <= count, bytes[after] == UInt8(ascii: "!"), bytes[after + 1] == UInt8(ascii: "-"), bytes[after + 2] == UInt8(ascii: "-") {
                guard let close = UTF8Search.offset(of: commentEnd, in: bytes, from: after) else { break }
                index = close + 3
                continue
            }
            var nameEnd = after
            while nameEnd < count, isASCIILetterOrDigit(bytes[nameEnd]) { nameEnd += 1 }
            // A name that goes on past its ASCII letters (`<pré>`) is another element.
            let wholeName = nameEnd == count || bytes[nameEnd] < 0x80
            let tagName = UnsafeBufferPointer(rebasing: bytes[after..<nameEnd])
            if wholeName, let skipped = rawText.first(where: { equalIgnoringCase(tagName, $0) }) {
                guard let close = closingTag(skipped, in: bytes, from: after) else { break }
                index = close + 2 + skipped.count
                continue
            }
            if wholeName, equalIgnoringCase(tagName, name), let end = endOfTag(in: bytes, from: nameEnd) {
                found.append(nameEnd..<end)
                index = end
                continue
            }
            index = after
        }
        return found
    }

    /// Where `</name` (`name` lowercase ASCII), in any case, first starts at or after `start`.
    private static func closingTag(_ name: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let wanted = Array(name.utf8)
        var index = start
        while let candidate = UTF8Search.offset(of: Array("</".utf8), in: bytes, from: index) {
            if equalIgnoringCase(bytes, at: candidate + 2, wanted) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// Whether `bytes` at `start` spell `lowercase` (ASCII), in any case.
    private static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ lowercase: [UInt8]) -> Bool {
        start + lowercase.count <= bytes.count && zip(bytes[start...], lowercase).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The end of the start tag whose name ends at `start` (the offset of its `>`), skipping any
    /// `>` inside a quoted value; nil when the tag is not closed.
    private static func endOfTag(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var quote: UInt8?
        for index in start..<bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return nil
    }

    /// The elements whose insides are text, not tags.
    private static let rawText = ["script", "style"]

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Whether `bytes` spell `lowercase` (ASCII), in any case.
    private static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: some Collection<UInt8>) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { $0 | 0x20 == $1 }
    }

    private static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: String) -> Bool {
        equalIgnoringCase(bytes, lowercase.utf8)
    }

    /// The end of the start tag that begins at `start` in `html` (the index of its `>`), skipping
    /// any `>` inside a quoted value; nil when the tag is not closed.
    package static func endOfTag(in html: Substring, from start: Substring.Index) -> Substring.Index? {
        var quote: Character?
        var index = start
        while index < html.endIndex {
            let character = html[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
            index = html.index(after: index)
        }
        return nil
    }
}

import Foundation

/// Substring search over UTF-8 bytes, for the hot paths where Foundation's `range(of:)` (which
/// goes through UTF-16) costs more than the work around it.
package enum UTF8Search {
    /// The byte offset of the first `needle` in `haystack`, or nil.
    package static func offset(of needle: String, in haystack: String) -> Int? {
        // Both as the bytes they hold already: a copy of the needle for each call was a quarter
        // of this function's time (tens of thousands of calls for a thousand posts).
        var text = haystack, needle = needle
        return needle.withUTF8 { pattern in text.withUTF8 { offset(of: pattern, in: $0) } }
    }

    /// The offset of the first `pattern` in `bytes` at or after `start`, or nil.
    package static func offset(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        pattern.withUnsafeBufferPointer { offset(of: $0, in: bytes, from: start) }
    }

    /// The offset of the first `pattern` in `bytes` at or after `start`, or nil.
    package static func offset(of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard !pattern.isEmpty else { return start }
        guard bytes.count >= pattern.count else { return nil }
        // memchr finds each candidate many bytes at a time, for the pattern's rarest byte:
        // `href="#fn-` stops at every `#` of a page, not at every `h`.
        let anchor = Self.anchor(of: pattern)
        let base = bytes.baseAddress!
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            guard let found = memchr(base + index + anchor, Int32(pattern[anchor]), last - index + 1) else { return nil }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) - anchor
            var matched = 0
            while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index }
            index += 1
        }
        return nil
    }

    /// The place in `pattern` of the byte likely to be rarest in a page: the first that is not
    /// a letter, a space or a tag's own punctuation, or else the first.
    static func anchor(of pattern: UnsafeBufferPointer<UInt8>) -> Int {
        pattern.firstIndex { byte in
            !(byte == 0x20 || byte == 0x0A || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\""))
        } ?? 0
    }

    /// Whether `text` holds the byte `byte` anywhere.
    package static func contains(byte: UInt8, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.count > 0 && memchr(bytes.baseAddress!, Int32(byte), bytes.count) != nil }
    }

    /// `text` with every `target` replaced by `replacement`, over bytes: Foundation's
    /// `replacingOccurrences` goes through UTF-16 and costs milliseconds on a long post.
    package static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var text = text
        let pattern = Array(target.utf8)
        // Most texts hold no match, and are given back as they are rather than copied.
        let found = text.withUTF8 { bytes -> [Int] in
            var found: [Int] = []
            var from = 0
            while let next = offset(of: pattern, in: bytes, from: from) {
                found.append(next)
                from = next + max(pattern.count, 1)
            }
            return found
        }
        guard !found.isEmpty, !pattern.isEmpty else { return text }
        // Put together from the text's own pieces, which are UTF-8 already: bytes made into a
        // String would be checked again, the whole post for a handful of footnote ids.
        var output = ""
        output.reserveCapacity(text.utf8.count + found.count * max(0, replacement.utf8.count - pattern.count))
        var copied = 0
        for offset in found {
            output += slice(of: text, from: copied, to: offset)
            output += replacement
            copied = offset + pattern.count
        }
        output += slice(of: text, from: copied, to: text.utf8.count)
        return output
    }

    /// The part of `text` between the byte offsets `start` and `end`, each on a scalar's edge
    /// (beside an ASCII byte, or where a match of whole characters starts or ends): a slice of
    /// the text's own storage, which a String takes in without checking it again as UTF-8.
    package static func slice(of text: String, from start: Int, to end: Int) -> Substring {
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// Whether `haystack` contains `needle`.
    package static func contains(_ needle: String, in haystack: String) -> Bool {
        offset(of: needle, in: haystack) != nil
    }
}

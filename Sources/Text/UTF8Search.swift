import Foundation

/// Substring search over UTF-8 bytes, for the hot paths where Foundation's `range(of:)` (which
/// goes through UTF-16) costs more than the work around it.
package enum UTF8Search {
    /// The byte offset of the first `needle` in `haystack`, or nil.
    package static func offset(of needle: String, in haystack: String) -> Int? {
        var text = haystack
        return text.withUTF8 { offset(of: Array(needle.utf8), in: $0) }
    }

    /// The offset of the first `pattern` in `bytes` at or after `start`, or nil.
    package static func offset(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = pattern.first else { return start }
        guard bytes.count >= pattern.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            // memchr finds each candidate first byte many bytes at a time.
            guard let found = memchr(bytes.baseAddress! + index, Int32(first), last - index + 1) else { return nil }
            index = UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer(found))
            var matched = 1
            while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index }
            index += 1
        }
        return nil
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
        let replaced = text.withUTF8 { bytes -> String? in
            guard var found = offset(of: pattern, in: bytes) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var copied = 0
            while true {
                output += bytes[copied..<found]
                output += replacement.utf8
                copied = found + pattern.count
                guard let next = offset(of: pattern, in: bytes, from: copied) else { break }
                found = next
            }
            output += bytes[copied...]
            return String(decoding: output, as: UTF8.self)
        }
        return replaced ?? text
    }

    /// Whether `haystack` contains `needle`.
    package static func contains(_ needle: String, in haystack: String) -> Bool {
        offset(of: needle, in: haystack) != nil
    }
}

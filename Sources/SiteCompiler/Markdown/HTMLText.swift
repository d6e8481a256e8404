import Foundation

/// Small, careful operations on HTML text: escaping, plain-text extraction and link rewriting.
public enum HTMLText {
    /// Escapes text for use in element content and in quoted attributes.
    public static func escape(_ text: String) -> String { escape(text, apostrophe: "&#39;") }

    /// `escape`, with `apostrophe` for `'` (XML has a name for it; HTML 4 had not).
    private static func escape(_ text: String, apostrophe: String) -> String {
        // Most values (titles, dates, addresses) need nothing escaped; they are looked over as
        // contiguous bytes, which costs far less than the String view's iterator.
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        } ?? text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard needsEscaping else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        // Bytes, not Characters: every character escaped is ASCII, and walking grapheme clusters
        // costs more than the rest of a layout's rendering put together.
        for byte in text.utf8 {
            switch byte {
            case 0x26: output += "&amp;".utf8
            case 0x3C: output += "&lt;".utf8
            case 0x3E: output += "&gt;".utf8
            case 0x22: output += "&quot;".utf8
            case 0x27: output += apostrophe.utf8
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text of an HTML fragment with tags, comments and scripts removed and entities decoded,
    /// whitespace folded to single spaces.
    public static func plainText(_ html: String) -> String {
        // Text with runs of white space made one space, and none at the start. A value of its
        // own rather than variables a nested function captures: those the runtime checks for
        // exclusive access on every byte.
        struct Text {
            var output: [UInt8] = []
            var pendingSpace = false

            mutating func append(_ byte: UInt8) {
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
        let text = decodeEntities(String(decoding: output, as: UTF8.self))
        return UTF8Search.contains("\u{A0}", in: text) ? text.replacingOccurrences(of: "\u{A0}", with: " ") : text
    }

    /// The number of words in an HTML fragment's text.
    static func wordCount(_ html: String) -> Int {
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

    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = text[...]
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "#39": "'"]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semicolon])
                var decoded: String?
                if let value = named[name] {
                    decoded = value
                } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                    decoded = Unicode.Scalar(code).map { String(Character($0)) }
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                    decoded = Unicode.Scalar(code).map { String(Character($0)) }
                }
                if let decoded {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        result += rest
        return result
    }

    /// At most `limit` characters of `text`, cut at a word boundary and ended with an ellipsis.
    public static func truncate(_ text: String, to limit: Int) -> String {
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

    /// Rewrites every `href` and `src` (and `srcset` entries) in `html` so that they still point at
    /// the right place when the HTML is shown somewhere else: a root-relative `/x` becomes
    /// `root + x`, a relative `x` or `#x` resolves against `base`. Absolute URLs are kept.
    static func rebaseLinks(_ html: String, root: String, base: String) -> String {
        let bytes = Array(html.utf8)
        let attributes: [[UInt8]] = [Array(" href=\"".utf8), Array(" src=\"".utf8), Array(" poster=\"".utf8)]
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        // What lies between links is copied a run at a time, not a byte at a time.
        var copied = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base0 = buffer.baseAddress else { return }
            var index = 0
            scan: while index < buffer.count {
                guard let space = memchr(base0 + index, 0x20, buffer.count - index) else { break }
                index = UnsafePointer<UInt8>(space.assumingMemoryBound(to: UInt8.self)) - base0
                for attribute in attributes where index + attribute.count <= buffer.count
                    && buffer[index..<index + attribute.count].elementsEqual(attribute)
                {
                    let start = index + attribute.count
                    guard let close = buffer[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                    output.append(contentsOf: buffer[copied..<start])
                    let link = String(decoding: buffer[start..<close], as: UTF8.self)
                    output.append(contentsOf: resolve(link, root: root, base: base).utf8)
                    copied = close
                    index = close
                    continue scan
                }
                index += 1
            }
        }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    static func resolve(_ link: String, root: String, base: String) -> String {
        if link.isEmpty { return base }
        if link.hasPrefix("//") { return link }
        if link.hasPrefix("/") { return root + link.dropFirst() }
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains("/"), !link[..<colon].contains("#") {
            return link  // has a scheme: https:, mailto:, data:
        }
        return base + link
    }

    /// Removes footnote references, whose targets are not on a page that shows only an excerpt.
    static func removeFootnoteReferences(_ html: String) -> String {
        let open = Array("<sup class=\"footnote-ref\">".utf8), close = Array("</sup>".utf8)
        var html = html
        let result = html.withUTF8 { bytes -> String? in
            guard var start = UTF8Search.offset(of: open, in: bytes) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var copied = 0
            while true {
                guard let end = UTF8Search.offset(of: close, in: bytes, from: start + open.count) else { break }
                output += bytes[copied..<start]
                copied = end + close.count
                guard let next = UTF8Search.offset(of: open, in: bytes, from: copied) else { break }
                start = next
            }
            output += bytes[copied...]
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }

    /// Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry.
    public static func xmlEscape(_ text: String) -> String {
        // Most text (every URL in a sitemap) is plain ASCII with nothing to escape.
        let plain = text.utf8.allSatisfy { byte in
            (byte >= 0x20 && byte < 0x7F && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x27)
                || byte == 0x0A || byte == 0x09 || byte == 0x0D
        }
        if plain { return text }
        let allowed = text.unicodeScalars.allSatisfy(isXMLCharacter)
            ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(isXMLCharacter)))
        return escape(allowed, apostrophe: "&apos;")
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

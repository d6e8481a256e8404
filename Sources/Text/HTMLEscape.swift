import Foundation

/// Escaping text for HTML and XML, and decoding the entities Markdown and feeds use.
package enum HTMLEscape {
    /// Escapes text for use in element content and in quoted attributes.
    package static func text(_ text: String) -> String { escape(text, apostrophe: "&#39;") }

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

    /// Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry.
    package static func xml(_ text: String) -> String {
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

    /// `text` with its character references (`&amp;`, `&#39;`, `&#x2014;`) decoded.
    package static func decode(_ text: String) -> String {
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
}

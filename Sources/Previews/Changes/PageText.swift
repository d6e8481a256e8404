import Foundation

/// What the changes page reads out of a built page: its title.
enum PageText {
    /// The text of the first `<title>` in `page`, with the entities a title usually has undone.
    static func title(in page: [UInt8]) -> String? {
        // Bytes first: Foundation's case-insensitive search on Linux costs more than the rest
        // of a page's digest. Themes write the tag in lower case; a page that does not has no title here.
        let head = page.count <= 64 * 1024 ? page : Array(page.prefix(64 * 1024))
        guard let open = OutputDigests.first(Array("<title".utf8), in: head),
              let end = head[open...].firstIndex(of: UInt8(ascii: ">")),
              let close = OutputDigests.first(Array("</title>".utf8), in: head, from: end) else { return nil }
        let raw = String(decoding: head[(end + 1)..<close], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !raw.isEmpty else { return nil }
        return unescaped(raw)
    }

    /// `text` with the five entities HTML escaping makes, and numeric ones, turned back.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else { result += "&"; rest = after.dropFirst(); continue }
            let name = after[after.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += after[...semicolon]
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}

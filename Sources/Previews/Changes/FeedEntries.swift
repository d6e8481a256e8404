import Foundation
import Text

/// The entries of a built feed, each by its id (or link), as text to digest: Atom's `<entry>`,
/// RSS's `<item>`, JSON Feed's `items`. Nil for a file that is not a feed.
///
/// XML feeds are searched as bytes: Foundation's `range(of:)` on a feed of full posts measures
/// the text in UTF-16 again at every entry, and was a tenth of a new preview's digests.
enum FeedEntries {
    static func read(_ bytes: [UInt8], path: String) -> [String: String]? {
        if path.hasSuffix(".json") { return json(Data(bytes)) }
        guard path.hasSuffix(".xml") || path.hasSuffix(".atom") || path.hasSuffix(".rss"),
              String(validating: bytes, as: UTF8.self) != nil else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            if found("<feed", in: text) { return xml(text, element: "entry", keys: ["id", "link"]) }
            if found("<rss", in: text) || found("<rdf:RDF", in: text) { return xml(text, element: "item", keys: ["guid", "link"]) }
            return nil
        }
    }

    /// An element's opening and closing tags, as bytes to search for.
    private struct Tags {
        let open: [UInt8]
        let close: [UInt8]

        init(_ name: String) {
            open = Array("<\(name)".utf8)
            close = Array("</\(name)>".utf8)
        }
    }

    private static func found(_ pattern: String, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Search.offset(of: Array(pattern.utf8), in: text) != nil
    }

    /// Each `<element>…</element>` by the text of its first key element (or, for Atom's
    /// `<link href>`, that address).
    private static func xml(_ text: UnsafeBufferPointer<UInt8>, element: String, keys: [String]) -> [String: String] {
        let tags = Tags(element), keyTags = keys.map(Tags.init)
        var entries: [String: String] = [:]
        var from = 0
        while let open = UTF8Search.offset(of: tags.open, in: text, from: from),
              let close = UTF8Search.offset(of: tags.close, in: text, from: open + tags.open.count) {
            let body = UnsafeBufferPointer(rebasing: text[open..<close + tags.close.count])
            let key = keyTags.lazy.compactMap { inner(body, $0) }.first ?? "#\(entries.count)"
            entries[key] = String(decoding: body, as: UTF8.self)
            from = close + tags.close.count
        }
        return entries
    }

    /// The text inside the first `<name …>…</name>` of `body`, or its `href` if it is empty.
    private static func inner(_ body: UnsafeBufferPointer<UInt8>, _ name: Tags) -> String? {
        guard let open = UTF8Search.offset(of: name.open, in: body),
              let end = body[(open + name.open.count)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let tag = UnsafeBufferPointer(rebasing: body[(open + name.open.count)..<end])
        let after = body[(end + 1)...]
        if tag.last == UInt8(ascii: "/") || after.starts(with: "</".utf8) {
            let attribute = Array("href=\"".utf8)
            guard let href = UTF8Search.offset(of: attribute, in: tag),
                  let quote = tag[(href + attribute.count)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: tag[(href + attribute.count)..<quote], as: UTF8.self)
        }
        guard let close = UTF8Search.offset(of: name.close, in: body, from: end) else { return nil }
        let value = String(decoding: body[(end + 1)..<close], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    private static func json(_ data: Data) -> [String: String]? {
        guard let feed = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              (feed["version"] as? String)?.contains("jsonfeed.org") == true, let items = feed["items"] as? [[String: Any]] else { return nil }
        var entries: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let key = item["id"].map { "\($0)" } ?? item["url"] as? String ?? "#\(index)"
            let text = (try? JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
            entries[key] = text
        }
        return entries
    }
}

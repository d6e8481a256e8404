import Foundation

/// The entries of a built feed, each by its id (or link), as text to digest: Atom's `<entry>`,
/// RSS's `<item>`, JSON Feed's `items`. Nil for a file that is not a feed.
enum FeedEntries {
    static func read(_ bytes: [UInt8], path: String) -> [String: String]? {
        if path.hasSuffix(".json") { return json(Data(bytes)) }
        guard path.hasSuffix(".xml") || path.hasSuffix(".atom") || path.hasSuffix(".rss"),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        if text.contains("<feed") { return xml(text, element: "entry", keys: ["id", "link"]) }
        if text.contains("<rss") || text.contains("<rdf:RDF") { return xml(text, element: "item", keys: ["guid", "link"]) }
        return nil
    }

    /// Each `<element>…</element>` by the text of its first key element (or, for Atom's
    /// `<link href>`, that address).
    private static func xml(_ text: String, element: String, keys: [String]) -> [String: String] {
        var entries: [String: String] = [:]
        var rest = Substring(text)
        while let open = rest.range(of: "<\(element)"), let close = rest[open.upperBound...].range(of: "</\(element)>") {
            let body = String(rest[open.lowerBound..<close.upperBound])
            let key = keys.lazy.compactMap { inner(body, $0) }.first ?? "#\(entries.count)"
            entries[key] = body
            rest = rest[close.upperBound...]
        }
        return entries
    }

    /// The text inside the first `<name …>…</name>` of `body`, or its `href` if it is empty.
    private static func inner(_ body: String, _ name: String) -> String? {
        guard let open = body.range(of: "<\(name)"), let end = body[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = body[open.upperBound..<end]
        if tag.hasSuffix("/") || body[body.index(after: end)...].hasPrefix("</") {
            guard let href = tag.range(of: "href=\"") , let quote = tag[href.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(tag[href.upperBound..<quote])
        }
        guard let close = body[end...].range(of: "</\(name)>") else { return nil }
        let value = body[body.index(after: end)..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
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

import Foundation

/// The schema.org description of a post that search engines read from its page (`page.json_ld`):
/// a `BlogPosting` with its headline, dates, author, address and picture, as JSON written to
/// stand inside `<script type="application/ld+json">`.
enum StructuredData {
    /// The `BlogPosting` of the post whose `page` values are `page`, on the site of `site` values.
    static func blogPosting(_ page: [String: Any], site: [String: Any]) -> String {
        var posting: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "BlogPosting",
            "headline": page["title"] as? String ?? "",
        ]
        if let address = page["permalink"] as? String {
            posting["url"] = address
            posting["mainEntityOfPage"] = address
        }
        if let date = (page["date"] as? DateValue)?.child(named: "iso8601") as? String { posting["datePublished"] = date }
        if let date = (page["updated"] as? DateValue)?.child(named: "iso8601") as? String { posting["dateModified"] = date }
        if let description = page["description"] as? String, !description.isEmpty { posting["description"] = description }
        if let image = page["image"] as? String { posting["image"] = image }
        let authors = (page["authors"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
            ?? ((site["author"] as? [String: Any])?["name"] as? String).map { [$0] } ?? []
        let people = authors.filter { !$0.isEmpty }.map { ["@type": "Person", "name": $0] }
        if !people.isEmpty { posting["author"] = people.count == 1 ? people[0] as Any : people as Any }
        if let name = site["title"] as? String { posting["publisher"] = ["@type": "Organization", "name": name] }
        guard let data = try? JSONSerialization.data(withJSONObject: posting, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "" }
        return scriptSafe(String(decoding: data, as: UTF8.self))
    }

    /// `json` with every character that could end the script element or be read as markup
    /// (`<`, `>`, `&`) written as a `\u` escape, which JSON reads as the same character: a title
    /// holding `</script>` stays text. The line and paragraph separators are escaped too, for
    /// readers that take the JSON as JavaScript.
    static func scriptSafe(_ json: String) -> String {
        var output = ""
        output.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

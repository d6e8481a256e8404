import Text

/// The schema.org description of a post that search engines read from its page (`page.json_ld`):
/// a `BlogPosting` with its headline, dates, author, address and picture, as JSON written to
/// stand inside `<script type="application/ld+json">`.
package enum StructuredData {
    /// The `BlogPosting` of the post whose `page` values are `page`, on the site of `site` values.
    static func blogPosting(_ page: [String: Any], site: [String: Any]) -> String {
        // The keys in sorted order, ignoring case, so the text reads as it always has.
        var members: [ScriptJSON.Member] = [.init("@context", .string("https://schema.org")), .init("@type", .string("BlogPosting"))]
        let authors = (page["authors"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
            ?? ((site["author"] as? [String: Any])?["name"] as? String).map { [$0] } ?? []
        let people = authors.filter { !$0.isEmpty }.map { ScriptJSON.object([.init("@type", .string("Person")), .init("name", .string($0))]) }
        if !people.isEmpty { members.append(.init("author", people.count == 1 ? people[0] : .array(people))) }
        if let date = (page["updated"] as? DateValue)?.child(named: "iso8601") as? String { members.append(.init("dateModified", .string(date))) }
        if let date = (page["date"] as? DateValue)?.child(named: "iso8601") as? String { members.append(.init("datePublished", .string(date))) }
        if let description = page["description"] as? String, !description.isEmpty { members.append(.init("description", .string(description))) }
        members.append(.init("headline", .string(page["title"] as? String ?? "")))
        if let image = page["image"] as? String { members.append(.init("image", .string(image))) }
        let address = page["permalink"] as? String
        if let address { members.append(.init("mainEntityOfPage", .string(address))) }
        if let name = site["title"] as? String {
            members.append(.init("publisher", .object([.init("@type", .string("Organization")), .init("name", .string(name))])))
        }
        if let address { members.append(.init("url", .string(address))) }
        return ScriptJSON.object(members).text
    }
}

import Yams

extension GalleySettings {
    /// The settings as galley.yml text: text quoted, keys in the README's order, and a first
    /// line that says where they came from.
    func yaml() throws(ImportError) -> String {
        func text(_ value: String) -> Node { Node(value, .init(.str), .doubleQuoted) }
        var pairs: [(Node, Node)] = [("title", text(title))]
        if let description { pairs.append(("description", text(description))) }
        if let author {
            if author.email == nil, author.url == nil {
                pairs.append(("author", text(author.name)))
            } else {
                var fields: [(Node, Node)] = [("name", text(author.name))]
                if let email = author.email { fields.append(("email", text(email))) }
                if let url = author.url { fields.append(("url", text(url))) }
                pairs.append(("author", Node(fields)))
            }
        }
        pairs.append(("base_url", text(baseURL)))
        if let timezone { pairs.append(("timezone", text(timezone))) }
        if let permalink { pairs.append(("permalink", text(permalink))) }
        if let permalinkDates { pairs.append(("permalink_dates", Node(permalinkDates))) }
        if let perPage { pairs.append(("per_page", Node(String(perPage), .init(.int)))) }
        if let language { pairs.append(("language", text(language))) }
        let body: String
        do {
            body = try Yams.serialize(node: Node(pairs), allowUnicode: true)
        } catch {
            throw ImportError("cannot write galley.yml: \(error)")
        }
        return "# Made by `galley import` from a \(origin) site's settings.\n" + body
    }
}

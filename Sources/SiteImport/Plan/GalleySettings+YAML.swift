import FrontMatter
import SiteCompiler
import Yams

extension GalleySettings {
    /// The settings as galley.yml text: text quoted, keys in the guide's order, and a first
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
        if let lowercaseAddresses { pairs.append(("lowercase_addresses", Node(lowercaseAddresses ? "true" : "false", .init(.bool)))) }
        if let slugs { pairs.append(("slugs", Node(slugs))) }
        if let perPage { pairs.append(("per_page", Node(String(perPage), .init(.int)))) }
        if let language { pairs.append(("language", text(language))) }
        if let headingIDs { pairs.append(("heading_ids", Node(headingIDs))) }
        func flag(_ value: Bool) -> Node { Node(value ? "true" : "false", .init(.bool)) }
        if let liquid { pairs.append(("liquid", flag(liquid))) }
        if let relativeAliases { pairs.append(("relative_aliases", Node(relativeAliases.rawValue))) }
        if let titlesFromFileNames { pairs.append(("titles_from_file_names", flag(titlesFromFileNames))) }
        if let emoji { pairs.append(("emoji", flag(emoji))) }
        if let mathSyntax { pairs.append(("math_syntax", Node(mathSyntax.rawValue))) }
        for param in params { pairs.append((Self.node(.scalar(param.key, plain: true, line: 1)), Self.node(param.value))) }
        let body: String
        do {
            body = try Yams.serialize(node: Node(pairs), allowUnicode: true)
        } catch {
            throw ImportError("cannot write galley.yml: \(error)")
        }
        return "# Made by `galley import` from a \(origin) site's settings.\n" + body
    }

    /// How many bytes `param` takes in galley.yml, as ``yaml()`` writes it (block style: a list
    /// written inline takes about twice as many there).
    static func bytes(of param: Param) -> Int {
        let pair = Node([(Self.node(.scalar(param.key, plain: true, line: 1)), Self.node(param.value))])
        return ((try? Yams.serialize(node: pair, allowUnicode: true)) ?? "").utf8.count
    }

    /// A value as it was written: quoted text stays quoted, so that `"yes"` stays text.
    private static func node(_ value: YAMLValue) -> Node {
        switch value {
        case .scalar(let text, let plain, _): plain ? Node(text) : Node(text, .init(.str), .doubleQuoted)
        case .sequence(let items, _): Node(items.map(node))
        case .mapping(let pairs, _): Node(pairs.map { (node(.scalar($0.key, plain: true, line: 1)), node($0.value)) })
        case .null: Node("null", .init(.null))
        }
    }
}

/// Which of a post's list values (see ``ListingFields``) a layout can show, found by reading the
/// names in its tags and in every partial and parent layout it reaches. The answer errs towards
/// more: a word counts wherever it appears, and anything this reading cannot follow (changed
/// delimiters, dynamic partials, `{{.}}`) counts as every field.
///
/// A page then depends only on those values of the posts it lists: an edit to a post's body
/// changes its length, which the archive does not show, so the archive is not rendered again.
enum LayoutReads {
    /// The fields `layout` can show, with `sources` holding every layout's text by name.
    static func fields(of layout: String, in sources: [String: String]) -> ListingFields {
        var words = Set<String>()
        var pending = [layout], seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let text = sources[name] else { continue }
            guard let found = scan(text) else { return .all }
            words.formUnion(found.words)
            pending += found.templates
        }
        return ListingFields(words: words)
    }

    /// The words in the tags of `text` and the templates it includes, or nil when it does
    /// something this reading does not follow.
    static func scan(_ text: String) -> (words: Set<String>, templates: [String])? {
        var words = Set<String>()
        var templates: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            var inside = rest[open.upperBound...]
            let triple = inside.first == "{"
            if triple { inside = inside.dropFirst() }
            guard let close = inside.range(of: triple ? "}}}" : "}}") else { return nil }
            let tag = String(inside[..<close.lowerBound]).trimmingSpaces()
            rest = inside[close.upperBound...]
            guard let sigil = tag.first else { continue }
            switch sigil {
            case "!", "%": continue
            case "=": return nil
            case ">", "<":
                let name = String(tag.dropFirst()).trimmingSpaces()
                if name.hasPrefix("*") { return nil }
                templates.append(name)
                continue
            default: break
            }
            let body = "#^/$&".contains(sigil) ? String(tag.dropFirst()).trimmingSpaces() : tag
            if body == "." { return nil }
            for word in body.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
                words.insert(String(word))
            }
        }
        return (words, templates)
    }
}

/// Groups of a post's list values, for fingerprinting only what a page shows.
struct ListingFields: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let title = ListingFields(rawValue: 1 << 0)
    static let address = ListingFields(rawValue: 1 << 1)
    static let date = ListingFields(rawValue: 1 << 2)
    static let updated = ListingFields(rawValue: 1 << 3)
    static let tags = ListingFields(rawValue: 1 << 4)
    static let excerpt = ListingFields(rawValue: 1 << 5)
    static let length = ListingFields(rawValue: 1 << 6)
    static let draft = ListingFields(rawValue: 1 << 7)
    static let audio = ListingFields(rawValue: 1 << 8)
    static let all: ListingFields = [.title, .address, .date, .updated, .tags, .excerpt, .length, .draft, .audio]

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The groups whose summary names (as ``TemplateContext`` spells them) are among `words`.
    init(words: Set<String>) {
        let names: [(ListingFields, [String])] = [
            (.title, ["title"]), (.address, ["url", "permalink"]), (.date, ["date"]), (.updated, ["updated"]),
            (.tags, ["tags"]), (.excerpt, ["excerpt", "summary", "has_more"]), (.length, ["reading_time", "word_count"]),
            (.draft, ["draft"]), (.audio, ["audio"]),
        ]
        var fields: ListingFields = []
        for (group, spellings) in names where spellings.contains(where: words.contains) { fields.insert(group) }
        self = fields
    }
}

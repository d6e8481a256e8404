/// Groups of a post's list values, for fingerprinting only what a page shows.
struct ListingFields: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let title = ListingFields(rawValue: 1 << 0)
    static let address = ListingFields(rawValue: 1 << 1)
    static let date = ListingFields(rawValue: 1 << 2)
    static let updated = ListingFields(rawValue: 1 << 3)
    static let tags = ListingFields(rawValue: 1 << 4)
    static let excerpt = ListingFields(rawValue: 1 << 5)
    /// The word count itself.
    static let length = ListingFields(rawValue: 1 << 6)
    static let draft = ListingFields(rawValue: 1 << 7)
    static let audio = ListingFields(rawValue: 1 << 8)
    /// The reading time, in minutes: most edits leave it as it was, and so the pages that show
    /// only it (the default theme's home page, a post's neighbours) need not be made again.
    static let readingTime = ListingFields(rawValue: 1 << 9)
    static let all: ListingFields = [.title, .address, .date, .updated, .tags, .excerpt, .length, .draft, .audio, .readingTime]

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The groups of the summary names (as ``TemplateContext`` spells them) a layout reads, as
    /// ``LayoutReads`` finds them; every group when it could not tell (`names` nil).
    init(names: Set<String>?) {
        guard let words = names else {
            self = .all
            return
        }
        let names: [(ListingFields, [String])] = [
            (.title, ["title"]), (.address, ["url", "permalink"]), (.date, ["date"]), (.updated, ["updated"]),
            (.tags, ["tags"]), (.excerpt, ["excerpt", "summary", "has_more"]), (.length, ["word_count"]),
            (.readingTime, ["reading_time"]),
            (.draft, ["draft"]), (.audio, ["audio"]),
        ]
        var fields: ListingFields = []
        for (group, spellings) in names where spellings.contains(where: words.contains) { fields.insert(group) }
        self = fields
    }
}

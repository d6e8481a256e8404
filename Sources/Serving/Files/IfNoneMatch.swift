/// An `If-None-Match` field as RFC 9110 reads it: `*`, or a list of entity tags, each compared
/// weakly, so that `"x"` and `W/"x"` are one tag, and a comma inside a tag's quotes is part of it.
/// FileMiddleware compares each field as a string, which neither allows.
struct IfNoneMatch {
    private(set) var any = false
    /// The opaque tags, quotes and all, without their `W/`.
    private(set) var tags: [Substring] = []

    init(_ fields: [String]) {
        for field in fields { read(Substring(field)) }
    }

    private mutating func read(_ field: Substring) {
        var rest = field
        while let first = rest.first {
            if first == " " || first == "\t" || first == "," {
                rest = rest.dropFirst()
            } else if first == "*" {
                any = true
                rest = rest.dropFirst()
            } else {
                if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
                guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
                    // Not a tag: the rest of this item is skipped.
                    rest = rest.drop { $0 != "," }
                    continue
                }
                tags.append(rest[...close])
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    /// Whether a file whose `ETag` is `tag` matches, so that the copy the client holds is current.
    func matches(_ tag: String?) -> Bool {
        if any { return true }
        guard let tag else { return false }
        var opaque = Substring(tag)
        if opaque.hasPrefix("W/") { opaque = opaque.dropFirst(2) }
        return tags.contains(opaque)
    }
}

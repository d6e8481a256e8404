/// Which names a layout can read, found by reading the names in its tags and in every partial
/// and parent layout it reaches. The answer errs towards more: a word counts wherever it appears,
/// and anything this reading cannot follow (changed delimiters, dynamic partials, `{{.}}`, a
/// transform of `.`) means any name at all.
///
/// A page then depends only on the values it can show: an edit to a post's body changes its
/// length, which the archive does not show, so the archive is not rendered again.
package enum LayoutReads {
    /// The names `layout` can read, with `sources` holding every layout's text by name; nil when
    /// it may read any.
    package static func names(of layout: String, in sources: [String: String]) -> Set<String>? {
        names(of: layout, scans: sources.mapValues(scan))
    }

    /// The names of every layout in `sources`, each text read once however many layouts include it.
    package static func names(in sources: [String: String]) -> [String: Set<String>?] {
        names(scanned: sources.mapValues { LayoutScan($0) })
    }

    /// The names of every layout, from each one's ``LayoutScan`` (a theme has them already).
    package static func names(scanned: [String: LayoutScan]) -> [String: Set<String>?] {
        let scans = scanned.mapValues { tags(of: $0).flatMap(words) }
        return Dictionary(uniqueKeysWithValues: scanned.keys.map { ($0, names(of: $0, scans: scans)) })
    }

    private static func names(of layout: String, scans: [String: (words: Set<String>, templates: [String])?]) -> Set<String>? {
        var words = Set<String>()
        var pending = [layout], seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let scanned = scans[name] else { continue }
            guard let found = scanned else { return nil }
            words.formUnion(found.words)
            pending += found.templates
        }
        return words
    }

    /// `layouts` and every layout they include, partials and parents all the way down (names
    /// no layout has among them); nil when one includes a layout named by a value
    /// (`{{> *name}}`) or does something else this reading does not follow.
    package static func reached(from layouts: some Sequence<String>, in sources: [String: String]) -> Set<String>? {
        var pending = Array(layouts), seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let text = sources[name] else { continue }
            guard let found = scan(text) else { return nil }
            pending += found.templates
        }
        return seen
    }

    /// The words in the tags of `text` and the templates it includes, or nil when it does
    /// something this reading does not follow.
    package static func scan(_ text: String) -> (words: Set<String>, templates: [String])? {
        tags(in: text).flatMap(words)
    }

    private static func words(in tags: [LayoutScan.Tag]) -> (words: Set<String>, templates: [String])? {
        var words = Set<String>()
        var templates: [String] = []
        for tag in tags {
            switch tag.sigil {
            case "!", "%": continue
            case ">", "<":
                if tag.body.hasPrefix("*") { return nil }
                templates.append(tag.body)
                continue
            default: break
            }
            // The whole value printed, or handed to a transform (`sorted(.)` lists its keys).
            if tag.body == "." || tag.body.filter({ !$0.isWhitespace }).contains("(.)") { return nil }
            // `site.…` reads the site's values whatever follows (`site.strings.tags` is a word,
            // not a post's tags): no listed post has a `site` of its own to step into.
            let body = tag.body.hasPrefix("site.") ? "site" : tag.body
            for word in body.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
                words.insert(String(word))
            }
        }
        return (words, templates)
    }

    /// The layouts whose output depends on nothing but the `site` value: every tag names
    /// `site.…` (or, inside a section, `.…`, the section's own item), and every partial they
    /// include is such a layout too. Blocks, parents, transforms, changed delimiters and dynamic
    /// partials disqualify, as does an include of the layout with indentation anywhere, since the
    /// layout's text is then re-indented on the way in.
    package static func siteOnly(in sources: [String: String]) -> Set<String> {
        siteOnly(in: sources, scanned: sources.mapValues { LayoutScan($0) })
    }

    /// ``siteOnly(in:)``, from each layout's ``LayoutScan`` (a theme has them already).
    package static func siteOnly(in sources: [String: String], scanned: [String: LayoutScan]) -> Set<String> {
        var candidates: [String: [String]] = [:]
        var indented = Set<String>()
        for (name, text) in sources {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.count != line.count, trimmed.hasPrefix("{{>") {
                    indented.insert(String(trimmed.dropFirst(3).prefix { $0 != "}" }).trimmingSpaces())
                }
            }
            guard let scan = scanned[name], let tags = tags(of: scan) else { continue }
            var depth = 0
            var partials: [String] = []
            var qualifies = true
            for tag in tags {
                switch tag.sigil {
                case "!", "%": continue
                case ">":
                    if tag.body.hasPrefix("*") { qualifies = false }
                    partials.append(tag.body)
                    continue
                case "<", "$", "=": qualifies = false
                case "/": depth -= 1; continue
                default: break
                }
                let readsSite = tag.body == "site" || tag.body.hasPrefix("site.") || (depth > 0 && tag.body.hasPrefix(".") && tag.body != ".")
                if !readsSite || tag.body.contains("(") { qualifies = false }
                if tag.sigil == "#" || tag.sigil == "^" { depth += 1 }
            }
            if qualifies { candidates[name] = partials }
        }
        // A layout qualifies only when every partial it includes does, all the way down.
        var qualified = Set(candidates.keys).subtracting(indented)
        var changed = true
        while changed {
            changed = false
            for name in qualified where !(candidates[name] ?? []).allSatisfy(qualified.contains) {
                qualified.remove(name)
                changed = true
            }
        }
        return qualified
    }

    /// The tags of `text` in order, read by ``LayoutScan``; nil when delimiters change (which
    /// these readings do not follow) or where swift-mustache's parser would fail, whose error
    /// the build reports instead.
    package static func tags(in text: String) -> [LayoutScan.Tag]? {
        tags(of: LayoutScan(text))
    }

    /// The tags `scan` read, as ``tags(in:)`` gives them.
    static func tags(of scan: LayoutScan) -> [LayoutScan.Tag]? {
        guard scan.isComplete, !scan.changesDelimiters else { return nil }
        return scan.tagsRead
    }
}

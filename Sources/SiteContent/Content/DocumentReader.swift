import Dates
import Diagnostics
import FileSystem
import Foundation
import FrontMatter
import Markdown
import SiteSource
import Text

/// Reads one Markdown file into a ``Document``, checking every front matter key it knows.
package struct DocumentReader: Sendable {
    var config: SiteConfig
    var tree: any SourceTree

    /// The names of a post's old addresses, every one of them read.
    static let aliasKeys = ["aliases", "redirect_from"]
    /// The names of a post's last change, Galley's first, the first one present winning.
    static let updatedKeys = ["updated", "lastmod", "last_modified_at"]
    /// The names of the author's own summary (the excerpt lists show), Galley's first.
    static let summaryKeys = ["summary", "excerpt", "description"]

    /// The text of the file at `path` (or of `contents`, when already read), with Windows line
    /// ends made plain.
    private static func text(of path: String, contents: Data?, in tree: any SourceTree) throws(Diagnostic) -> String {
        let raw: String
        if let contents { raw = try SourceText.decode(contents, path: path) } else { raw = try tree.text(of: path) }
        return UTF8Search.contains(byte: 0x0D, in: raw) ? raw.replacingOccurrences(of: "\r\n", with: "\n") : raw
    }

    /// `document`, taken from the cache without its body, with the body read again from its
    /// file as ``read(_:contents:kind:defaultSlug:fileDate:assets:sitePath:)`` finds it; nil
    /// when the file cannot be read or split.
    package static func withBody(_ document: Document, in tree: any SourceTree) -> Document? {
        guard let text = try? text(of: document.sourcePath, contents: nil, in: tree),
            let matter = try? FrontMatter.split(text, path: document.sourcePath)
        else { return nil }
        var document = document
        document.body = matter.body
        document.frontMatterIsTOML = text.hasPrefix("+++")
        return document
    }

    /// Reads the post or page at `path`. `defaultSlug` and `fileDate` come from the file name;
    /// `sitePath` computes the published path once the slug, date and categories are known,
    /// unless the document gives its own address.
    func read(
        _ path: String, contents: Data? = nil, kind: Document.Kind, defaultSlug: String, fileDate: Date?, assets: [String],
        sitePath: (_ parts: AddressParts) -> String
    ) -> Result<Document, BuildFailure> {
        var log = DiagnosticLog()
        let text: String
        let matter: FrontMatter
        do throws(Diagnostic) {
            text = try Self.text(of: path, contents: contents, in: tree)
            guard text.utf8.count <= InputLimits.markdownBytes else {
                throw Diagnostic(path: path, message:
                    "\(text.utf8.count >> 20) MB is more than Galley reads of one post or page (\(InputLimits.markdownBytes >> 20) MB)")
            }
            matter = try FrontMatter.split(text, path: path)
        } catch {
            return .failure(BuildFailure([error]))
        }
        let fields = Self.knownKeysLowercased(matter.fields)
        // Only Hugo and Zola write TOML; Zola's `path` is read there alone.
        let isTOML = text.hasPrefix("+++")
        func line(_ key: String) -> Int { fields[key]?.line ?? 1 }
        func string(_ key: String) -> String? {
            guard let value = fields[key], !value.isNull else { return nil }
            guard let text = value.string else {
                log.report(Diagnostic(path: path, line: value.line, message: "'\(key)' must be text"))
                return nil
            }
            return text
        }
        func written(_ key: String) -> (date: Date, offset: Int?)? {
            guard let text = string(key) else { return nil }
            guard let written = ContentDate.parseWritten(text, in: config.timeZone) else {
                log.report(Diagnostic(path: path, line: line(key), message:
                    "'\(key)' is not a date: '\(text)'; write 2019-10-08, 2019-10-08 01:34 or 2019-10-08T01:34:00+02:00"))
                return nil
            }
            return written
        }
        func date(_ key: String) -> Date? { written(key)?.date }

        // Keys a finger slipped on (`titel:`), which Galley would otherwise pass over in silence.
        let misspelt = FrontMatterKeys.misspelt(in: fields, text: text, path: path)
        var title = string("title")?.trimmingSpaces() ?? ""
        if title.isEmpty, kind == .post, config.conventions.titlesFromFileNames, fields["title"]?.isNull ?? true {
            title = Self.title(fromSlug: defaultSlug)
        }
        if title.isEmpty {
            if let slip = misspelt.first(where: { $0.meant == "title" }) {
                log.report(Diagnostic(path: path, line: slip.warning.line, column: 1, message: "missing title: this line sets '\(slip.key)': did you mean 'title'?"))
            } else if let empty = fields["title"], empty.isNull, FrontMatterKeys.valueIsComment(atLine: empty.line, in: text) {
                log.report(Diagnostic(path: path, line: empty.line, message:
                    "missing title: '#' starts a comment in YAML, so this line sets no title: put the title in quotes"))
            } else {
                log.report(Diagnostic(path: path, line: fields["title"]?.line ?? 1, message: "missing title: add `title: …` to the front matter"))
            }
        }

        var slug = defaultSlug
        if let custom = string("slug") {
            if Slug.isSafeSegment(custom) {
                slug = custom
            } else if config.slugs == .hugo, case let made = Slug.hugo(custom), !made.isEmpty, Slug.isSafeSegment(made) {
                // Hugo makes a path of a slug as of a title: `Ending OCSP` is `ending-ocsp`.
                slug = made
            } else {
                log.report(Diagnostic(path: path, line: line("slug"), message:
                    "slug '\(custom)' may only hold letters, digits, '-', '_', '.' and '~'"))
            }
        }
        // A name with nothing to make an address from falls back to the title; a folder's
        // index page has no slug of its own and lives at the folder's address.
        if slug.isEmpty && !(kind == .page && RelativePath.name(of: path) == "index") {
            slug = Slug.make(title)
            if slug.isEmpty, !title.isEmpty {
                log.report(Diagnostic(path: path, line: fields["slug"]?.line ?? 1, message:
                    "neither the file name nor the title gives an address (no letters or digits in them): add `slug: …` to the front matter"))
            }
        }

        let writtenDate = written("date")
        var published = writtenDate?.date ?? fileDate
        // A post dated only by the address it gives itself, as a Zola blog sorted by permalink is.
        if kind == .post, published == nil, fields["date"]?.isNull ?? true {
            published = Self.ownAddressKeys(isTOML: isTOML).lazy.compactMap { fields[$0]?.string }.first.flatMap { ContentDate.fromAddress($0, in: config.timeZone) }
        }
        // A date written with an offset keeps its own calendar day in the address, unless the
        // site asks for the day in its own timezone.
        let writtenIn = config.permalinkDates == .written ? writtenDate?.offset.flatMap { TimeZone(secondsFromGMT: $0) } : nil
        if kind == .post && published == nil && fields["date"] == nil {
            log.report(Diagnostic(path: path, line: 1, message:
                "no date: add `date: 2019-10-08` to the front matter or start the file name with the date (2019-10-08-\(defaultSlug).md)"))
        }
        // Hugo calls it `lastmod`, jekyll-last-modified-at `last_modified_at`.
        let updated = Self.updatedKeys.first { fields[$0].map { !$0.isNull } ?? false }.flatMap(date)

        // Jekyll's `published: false` is a draft by another name.
        var draft = false
        for (key, meansDraft) in [("draft", true), ("published", false)] {
            guard let value = fields[key], !value.isNull else { continue }
            if let flag = value.bool {
                if flag == meansDraft { draft = true }
            } else {
                log.report(Diagnostic(path: path, line: value.line, message: "'\(key)' must be true or false"))
            }
        }

        var weight = 0
        if let value = fields["weight"], !value.isNull {
            if let number = value.int { weight = number } else {
                log.report(Diagnostic(path: path, line: value.line, message: "'weight' must be a whole number"))
            }
        }

        // Zola keeps tags and categories under `[taxonomies]`; Jekyll's redirect plugin calls
        // aliases `redirect_from`.
        let tags = readNames(of: .tags, from: [fields["tags"] ?? fields["taxonomies"]?["tags"]], path: path, log: &log)
        // Jekyll gives a post its `categories` and then its `category`, one name however it is written.
        let categories = readNames(of: .categories, from: [fields["categories"] ?? fields["taxonomies"]?["categories"], fields["category"]],
                                   path: path, log: &log)
        let audio = readAudio(fields["audio"], path: path, log: &log)
        let authors = readAuthors(fields, path: path, log: &log)
        let layout = string("layout").map { (name: $0, line: line("layout")) }
        // The author's own words for lists, under any of the names generators give them.
        let summaryKey = Self.summaryKeys.first { fields[$0].map { !$0.isNull } ?? false }
        let summary = summaryKey.flatMap(string)
        if let table = TableSize.firstOversized(in: matter.body) {
            log.report(Self.oversized(table, path: path, line: matter.bodyLine - 1 + table.line))
        }
        if let summary, let summaryKey, let table = TableSize.firstOversized(in: summary) {
            log.report(Self.oversized(table, path: path, line: line(summaryKey)))
        }

        var params: [String: YAMLValue] = [:]
        for pair in fields.pairs ?? [] { params[pair.key] = pair.value }

        let parts = AddressParts(slug: slug, date: published, writtenIn: writtenIn, title: title, categories: categories)
        let address = readOwnAddress(fields, kind: kind, isTOML: isTOML, parts: parts, sitePath: sitePath, path: path, log: &log)
        if address == nil, kind == .post, config.permalink.usesTitle, !title.isEmpty {
            checkTitleSlug(title, path: path, line: line("title"), log: &log)
        }
        let ownPath = address ?? sitePath(parts)
        let aliasFolder = config.conventions.relativeAliases == .page ? SitePath.folder(of: ownPath) : "/"
        let aliases = Self.aliasKeys.flatMap { readAliases(fields[$0], besideFolder: aliasFolder, path: path, log: &log) }

        for slip in misspelt { log.warn(slip.warning) }
        for empty in FrontMatterKeys.commentedOut(in: fields, text: text, path: path) { log.warn(empty) }
        if !log.isEmpty {
            return .failure(BuildFailure(log.diagnostics))
        }
        var document = Document(
            kind: kind, sourcePath: path, title: title, slug: slug, date: published, updated: updated, tags: tags, categories: categories,
            draft: draft, summary: summary, layout: layout, aliases: aliases, audio: audio, weight: weight,
            authors: authors, params: params, body: matter.body, bodyLine: matter.bodyLine,
            path: ownPath, assets: assets)
        document.readWarnings = log.warnings
        document.dateOffset = writtenIn?.secondsFromGMT()
        document.frontMatterIsTOML = isTOML
        return .success(document)
    }

    /// Reports a title that `:title` cannot put in an address by the site's slug rule: Hugo's
    /// keeps `.` and `/`, so `../x` would step out of the posts' folder, and punctuation alone
    /// makes nothing under either rule.
    private func checkTitleSlug(_ title: String, path: String, line: Int, log: inout DiagnosticLog) {
        let slug = config.slugs.title(title)
        guard let problem = SlugRule.problem(with: slug) else { return }
        log.report(Diagnostic(path: path, line: line, message:
            "the title makes '\(slug)' for :title in the permalink (slugs: \(config.slugs.rawValue)), which \(problem): change the title, or give the post its own address with `url: …`"))
    }

    private static func oversized(_ table: TableSize.Oversized, path: String, line: Int) -> Diagnostic {
        Diagnostic(path: path, line: line, message:
            "a table of \(table.columns) columns and up to \(table.rows) rows is more than Galley renders (\(InputLimits.tableColumns) columns, \(InputLimits.tableCells) cells); a row ends at the next blank line")
    }

    /// The names a document gives itself in a taxonomy, from each of `values` in turn: a list,
    /// or text. The last of `values` (Jekyll's `category`) is one name as written; any other
    /// text is `swift, ipad`, a common shorthand for a list, or else split at spaces, as Jekyll
    /// splits `tags: ruby jekyll web`. Names that make the same slug are one.
    private func readNames(of kind: Taxonomy.Kind, from values: [YAMLValue?], path: String, log: inout DiagnosticLog) -> [String] {
        let singular = kind.singular
        var names: [(String, Int)] = []
        for (position, value) in values.enumerated() {
            guard let value, !value.isNull else { continue }
            let isOneName = position == values.count - 1 && values.count > 1
            if let items = value.items, !isOneName {
                for item in items {
                    if item.isNull {
                        log.warn(Diagnostic(path: path, line: item.line, message: "an empty \(singular) in the list (a '-' with nothing after it) is skipped"))
                        continue
                    }
                    guard let name = item.string else {
                        log.report(Diagnostic(path: path, line: item.line, message: "each \(singular) must be text"))
                        continue
                    }
                    names.append((name, item.line))
                }
            } else if let text = value.string {
                let separators: Set<Character> = isOneName ? [] : text.contains(",") ? [","] : [" ", "\t"]
                names += text.split(whereSeparator: separators.contains).map { (String($0), value.line) }
            } else if isOneName {
                log.report(Diagnostic(path: path, line: value.line, message: "'\(singular)' must be one name; list several under '\(kind.plural)'"))
            } else {
                log.report(Diagnostic(path: path, line: value.line, message: "'\(kind.plural)' must be a list such as [swift, ipad]"))
            }
        }
        var seen = Set<String>()
        var kept: [String] = []
        for (raw, line) in names {
            let name = raw.trimmingSpaces()
            guard !name.isEmpty else { continue }
            let slug = config.slugs.slug(name)
            // Its page's folder is named by the slug: said here, at the line, not at that page.
            switch SlugRule.problem(with: slug) {
            case nil:
                break
            case .empty:
                log.report(Diagnostic(path: path, line: line, message: "\(singular) '\(name)' needs at least one letter or digit to make an address from"))
                continue
            case .tooLong:
                log.report(Diagnostic(path: path, line: line, message:
                    "\(singular) of \(name.count) characters makes a folder name longer than file systems take (\(RelativePath.maximumNameLength) bytes)"))
                continue
            case let problem?:
                log.report(Diagnostic(path: path, line: line, message:
                    "\(singular) '\(name)' makes the address part '\(slug)' (slugs: \(config.slugs.rawValue)), which \(problem): rename it"))
                continue
            }
            guard seen.insert(slug).inserted else { continue }
            guard kept.count < InputLimits.namesInTaxonomy else {
                log.report(Diagnostic(path: path, line: line, message:
                    "more than \(InputLimits.namesInTaxonomy) \(kind.plural): each one's page lists this post with all of them, so Galley takes \(InputLimits.namesInTaxonomy) at most"))
                break
            }
            kept.append(name)
        }
        return kept
    }

    /// Every key this reader gives a meaning, lower-case.
    static let knownKeys: Set<String> = Set(
        ["title", "date", "slug", "draft", "published", "weight", "tags", "categories", "category", "taxonomies", "layout", "author",
         "audio", "image", "authors"] + aliasKeys + updatedKeys + summaryKeys + ownAddressKeys)

    /// `fields` with each known key written in another case (`Aliases:`, `Title:`) read as the
    /// key, as Hugo reads front matter: unless the key is also there as written.
    static func knownKeysLowercased(_ fields: YAMLValue) -> YAMLValue {
        guard case .mapping(let pairs, let line) = fields,
            pairs.contains(where: { $0.key.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } && knownKeys.contains($0.key.lowercased()) })
        else { return fields }
        let present = Set(pairs.map(\.key))
        return .mapping(pairs.map { pair in
            let lowered = pair.key.lowercased()
            return lowered != pair.key && knownKeys.contains(lowered) && !present.contains(lowered) ? (lowered, pair.value) : pair
        }, line: line)
    }

    /// The keys that give a document its own address, in the order they are looked for:
    /// Jekyll's `permalink` (a post's may use the site pattern's placeholders), Hugo's `url`,
    /// and Zola's `path`, read from TOML front matter only, where Zola writes it.
    static let ownAddressKeys = ["permalink", "url", "path"]

    /// ``ownAddressKeys`` as a file in TOML (`isTOML`) or another front matter reads them.
    static func ownAddressKeys(isTOML: Bool) -> [String] {
        isTOML ? ownAddressKeys : ownAddressKeys.filter { $0 != "path" }
    }

    /// The site path the front matter gives the document, checked, or nil when it gives none.
    private func readOwnAddress(_ fields: YAMLValue, kind: Document.Kind, isTOML: Bool, parts: AddressParts,
                                sitePath: (AddressParts) -> String, path: String, log: inout DiagnosticLog) -> String? {
        guard let key = Self.ownAddressKeys(isTOML: isTOML).first(where: { fields[$0].map { !$0.isNull } ?? false }), let value = fields[key] else { return nil }
        guard let written = value.string else {
            log.report(Diagnostic(path: path, line: value.line, message: "'\(key)' must be a site path such as /about/"))
            return nil
        }
        var address = written
        if key == "permalink", kind == .post, written.contains(":") {
            do {
                var parts = parts
                parts.ownPattern = try Permalink(validating: written, ofOnePost: true)
                address = sitePath(parts)
            } catch {
                log.report(Diagnostic(path: path, line: value.line, message: error.message))
                return nil
            }
        }
        switch SitePath.ownAddress(address) {
        case .success(let sitePath):
            return sitePath
        case .failure(let problem):
            let made = address == written ? "" : " (made from '\(written)')"
            log.report(Diagnostic(path: path, line: value.line, message: "\(key) '\(address)'\(made) \(problem.message)"))
            return nil
        }
    }

    /// The addresses Hugo's `posts/_index.md` gives the list of posts (`url: /blog/`, `aliases`),
    /// which in Galley is the home page: each becomes a redirect there.
    func readSection(_ path: String) -> Result<[(path: String, line: Int)], BuildFailure> {
        var log = DiagnosticLog()
        let matter: FrontMatter
        do throws(Diagnostic) {
            matter = try FrontMatter.split(try Self.text(of: path, contents: nil, in: tree), path: path)
        } catch {
            return .failure(BuildFailure([error]))
        }
        let addresses = ["url", "aliases"].flatMap { readAliases(matter.fields[$0], besideFolder: "/", path: path, log: &log) }
        return log.isEmpty ? .success(addresses) : .failure(BuildFailure(log.diagnostics))
    }

    /// The aliases in `value`, each a site path: one written without a leading `/` is taken
    /// from `folder` (`/` under Galley's rule, the page's own folder under Hugo's).
    private func readAliases(_ value: YAMLValue?, besideFolder folder: String, path: String, log: inout DiagnosticLog)
        -> [(path: String, line: Int)]
    {
        guard let value, !value.isNull else { return [] }
        let items: [YAMLValue] = value.items ?? [value]
        var aliases: [(path: String, line: Int)] = []
        for item in items {
            guard let alias = item.string, !alias.isEmpty else {
                log.report(Diagnostic(path: path, line: item.line, message: "each alias must be a site path such as /old/address/"))
                continue
            }
            switch SitePath.alias(alias, besideFolder: folder) {
            case .success(let resolved): aliases.append((resolved, item.line))
            case .failure(let problem): log.report(Diagnostic(path: path, line: item.line, message: "alias '\(alias)' \(problem.message)"))
            }
        }
        return aliases
    }

    /// Jekyll's title for a post without one: the words of its slug, each capitalised
    /// (`old-name` is "Old Name").
    static func title(fromSlug slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    /// The names of the people a document is by: `author` and then `authors`, each a name, a
    /// list of names, or a mapping with a `name` (Jekyll's author object).
    private func readAuthors(_ fields: YAMLValue, path: String, log: inout DiagnosticLog) -> [String] {
        var names: [String] = []
        for key in ["author", "authors"] {
            guard let value = fields[key], !value.isNull else { continue }
            for item in value.items ?? [value] {
                if let name = (item.string ?? item["name"]?.string)?.trimmingSpaces(), !name.isEmpty {
                    if !names.contains(name) { names.append(name) }
                } else if !item.isNull {
                    log.report(Diagnostic(path: path, line: item.line, message:
                        "'\(key)' must be a name, a list of names, or a mapping with a name"))
                }
            }
        }
        return names
    }

    private func readAudio(_ value: YAMLValue?, path: String, log: inout DiagnosticLog) -> Audio? {
        guard let value, !value.isNull else { return nil }
        guard value.pairs != nil else {
            log.report(Diagnostic(path: path, line: value.line, message: "'audio' must be a mapping with url, length, type and duration"))
            return nil
        }
        guard let url = value["url"]?.string, !url.isEmpty else {
            log.report(Diagnostic(path: path, line: value.line, message: "'audio' needs a url"))
            return nil
        }
        let isLocal = Audio.isOnThisSite(url)
        // As for a share image: a player or podcast app fetches it, so it is a file of the blog
        // or a web address, never `javascript:` or `data:`.
        let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
        guard isLocal || (url.contains("://") && (scheme == "https" || scheme == "http")) else {
            log.report(Diagnostic(path: path, line: value["url"]?.line ?? value.line, message:
                "audio url '\(url.prefix(200))' must be a path under the blog's root (/audio/episode-1.mp3) or an http(s) address"))
            return nil
        }
        var length: Int?
        if let raw = value["length"], !raw.isNull {
            guard let number = raw.int, (0...InputLimits.audioBytes).contains(number) else {
                log.report(Diagnostic(path: path, line: raw.line, message: "audio length must be the file's size in bytes, at most 2^50"))
                return nil
            }
            length = number
        } else if isLocal {
            length = (try? tree.contents(of: "static" + url))?.count
            if length == nil {
                log.report(Diagnostic(path: path, line: value.line, message: "audio file static\(url) does not exist"))
                return nil
            }
        } else {
            log.report(Diagnostic(path: path, line: value.line, message: "audio on another host needs its length in bytes"))
            return nil
        }
        let fileExtension = (url.split(separator: "?").first.map(String.init) ?? url).split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard let type = value["type"]?.string ?? Audio.typesByExtension[fileExtension] else {
            log.report(Diagnostic(path: path, line: value.line, message: "audio needs a type such as audio/mpeg"))
            return nil
        }
        var duration: Int?
        if let raw = value["duration"], !raw.isNull {
            duration = raw.string.flatMap(Audio.parseDuration)
            if duration == nil {
                log.report(Diagnostic(path: path, line: raw.line, message:
                    "audio duration must be H:MM:SS, M:SS or seconds, at most \(InputLimits.audioSeconds / 3600) hours"))
                return nil
            }
        }
        return Audio(url: url, length: length ?? 0, type: type, duration: duration)
    }
}

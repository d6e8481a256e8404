import Dates
import Diagnostics
import Digests
import FileSystem
import Foundation
import FrontMatter
import SiteSource
import Text

/// Finds a blog's posts, pages and static files in a ``SourceTree`` and reads them.
package struct ContentLoader: Sendable {
    var config: SiteConfig
    var tree: any SourceTree
    /// What the builds before read, asked before a file is read and parsed again.
    var recall: any SourceRecall = NothingRecalled()
    /// Files changed after this moment (nanoseconds since 1970) may change again within the same
    /// clock tick unseen, so their versions are not remembered.
    var settledBefore: Int = .max

    static let markdownExtensions: Set<String> = ["md", "markdown"]

    /// Everything found, and every problem met on the way.
    package struct Loaded: Sendable {
        /// Every post and page read, drafts and future posts included, in the order of their files.
        package var posts: [Entry] = []
        package var pages: [Entry] = []
        /// Files copied as they are: `static/…` to the root, page assets beside their page.
        package var copies: [(source: String, output: String)] = []
        package var warnings: [Diagnostic] = []
        package var diagnostics: [Diagnostic] = []
        /// Addresses that lead to the home page, from Hugo's `posts/_index.md`, and where each was written.
        package var sectionAddresses: [(path: String, line: Int, source: String)] = []
    }

    /// One post or page: parsed now, or taken from the cache already rendered.
    package struct Entry: Sendable {
        package enum Content: Sendable {
            // Boxed: a Document is some twenty fields, and ten thousand entries are copied about.
            indirect case parsed(Document)
            case cached(RenderedDocument)
        }

        package var content: Content
        /// The digest of its file, name and bytes.
        package var source: Fingerprint
        /// The file's version, when it had settled (see ``settledBefore``).
        package var version: [UInt8]?
        /// Whether the cache's entry describes it as it is, version and all, and can be kept byte for byte.
        package var unchanged = false

        // Read through the content, never copying a whole Document: ten thousand of these are
        // filtered and sorted each build.
        package var sourcePath: String {
            switch content {
            case .parsed(let document): document.sourcePath
            case .cached(let rendered): rendered.document.sourcePath
            }
        }
        package var draft: Bool {
            switch content {
            case .parsed(let document): document.draft
            case .cached(let rendered): rendered.document.draft
            }
        }
        package var date: Date? {
            switch content {
            case .parsed(let document): document.date
            case .cached(let rendered): rendered.document.date
            }
        }
        /// The site path it is published at.
        package var sitePath: String {
            switch content {
            case .parsed(let document): document.path
            case .cached(let rendered): rendered.document.path
            }
        }
        /// The document, read or cached: a copy of some twenty fields, for the rare caller that
        /// needs more than a field.
        package var document: Document {
            switch content {
            case .parsed(let document): document
            case .cached(let rendered): rendered.document
            }
        }
        package var layout: (name: String, line: Int)? {
            switch content {
            case .parsed(let document): document.layout
            case .cached(let rendered): rendered.document.layout
            }
        }

        package init(content: Content, source: Fingerprint, version: [UInt8]? = nil, unchanged: Bool = false) {
            self.content = content
            self.source = source
            self.version = version
            self.unchanged = unchanged
        }
    }

    /// Reads one Markdown file, or takes what a build before made of it when it is the same.
    private func read(_ path: String, assets: [String], _ parse: (_ data: Data) -> Result<Document, BuildFailure>) -> Result<Entry, BuildFailure> {
        let version = (recall.version(of: path) ?? tree.version(of: path)).flatMap { $0.changed < settledBefore ? $0.bytes : nil }
        // Unchanged since it was last read: no need to read it again.
        if let entry = recall.unchanged(path, version: version, assets: assets) { return .success(entry) }
        let data: Data
        do {
            data = try tree.contents(of: path)
        } catch {
            return .failure(BuildFailure([Diagnostic(path: path, message: "cannot read file: \(SourceTreeError.describe(error))")]))
        }
        // Its name too: the date and slug a file name gives, whether the post is a folder of
        // its own and whether its body is Markdown are all read from where the file is.
        let source = Fingerprint.of(data, named: path)
        if let entry = recall.sameBytes(path, source: source, version: version, assets: assets) { return .success(entry) }
        return parse(data).map { Entry(content: .parsed($0), source: source, version: version) }
    }

    private func collect(_ outcome: Result<Entry, BuildFailure>, into loaded: inout Loaded, as kind: Document.Kind) {
        switch outcome {
        case .success(let entry):
            if kind == .post { loaded.posts.append(entry) } else { loaded.pages.append(entry) }
        case .failure(let failure):
            loaded.diagnostics.append(contentsOf: failure.diagnostics)
        }
    }

    /// The outermost of `folders` that `file` is in, below posts/.
    private static func outermost(of file: String, in folders: Set<String>) -> String? {
        var slashes = file.utf8.indices.filter { file.utf8[$0] == UInt8(ascii: "/") }.dropFirst().makeIterator()
        while let slash = slashes.next() {
            let folder = String(file[..<slash])
            if folders.contains(folder) { return folder }
        }
        return nil
    }

    package func load() -> Loaded {
        var loaded = Loaded()
        let reader = DocumentReader(config: config, tree: tree)
        let calendar = config.calendar
        let permalink = config.permalink
        // Hugo's addresses are lower-case, whatever the case of the names they are made from.
        let lowercase = config.lowercaseAddresses

        func listing(_ folder: String) -> [String] {
            let files = allFiles(folder)
            // Hidden names in posts/ and pages/ are no content (`.trash/`); static/ keeps them.
            guard folder != "static", files.contains(where: { SourceFileFilter.isHidden($0, below: folder) }) else { return files }
            return files.filter { !SourceFileFilter.isHidden($0, below: folder) }
        }

        func allFiles(_ folder: String) -> [String] {
            // The same files, sorted the same way, as listing the folder again would give.
            if let knownFiles = recall.files {
                // A flat folder comes sorted already; a look costs far less than a sort.
                // By bytes, as file names are: `hasPrefix` compares characters (and made the
                // prefix again for every file).
                let prefix = Array((folder + "/").utf8)
                let files = knownFiles.filter { $0.utf8.starts(with: prefix) }
                return zip(files, files.dropFirst()).allSatisfy { $0 < $1 } ? files : files.sorted()
            }
            do {
                return try tree.files(under: folder)
            } catch {
                loaded.diagnostics.append(contentsOf: SourceTreeError.diagnostics(for: error, listing: folder))
                return []
            }
        }

        // Posts: `posts/2019-10-08-slug.md`, or a folder `posts/2019-10-08-slug/index.md` whose other
        // files (photos, audio) are published beside the post.
        let postFiles = listing("posts")
        let markdown = postFiles.map(Self.isMarkdown)
        let names = postFiles.map(RelativePath.name(of:))
        // A post's folder is whole, as a Hugo leaf bundle is: an index file deeper in it is one
        // of its files, not a post of its own. So each file goes with the outermost post folder
        // it is in, whatever order anything is found in.
        let bundles = Set(postFiles.indices.filter { markdown[$0] && names[$0] == "index" }.map { RelativePath.folder(of: postFiles[$0]) })
            .subtracting(["posts"])
        let folders = bundles.isEmpty ? [] : postFiles.map { Self.outermost(of: $0, in: bundles) }
        var filesIn: [String: [String]] = [:]
        for (file, folder) in zip(postFiles, folders) {
            if let folder { filesIn[folder, default: []].append(file) }
        }
        var jobs: [(path: String, name: String, assets: [String])] = []
        jobs.reserveCapacity(postFiles.count)
        for (index, file) in postFiles.enumerated() {
            if !bundles.isEmpty, let bundle = folders[index] {
                if file == bundle + "/index.md" || file == bundle + "/index.markdown" {
                    jobs.append((file, RelativePath.lastComponent(of: bundle), filesIn[bundle, default: []].filter { $0 != file }))
                }
                continue
            }
            if markdown[index] {
                // Hugo's `_index.md` gives a section (posts/ or a folder in it) a title and an
                // address; it is never a post. The address of posts/ itself leads home.
                if names[index] == "_index" {
                    if RelativePath.folder(of: file) == "posts" {
                        switch reader.readSection(file) {
                        case .success(let addresses): loaded.sectionAddresses += addresses.map { ($0.path, $0.line, file) }
                        case .failure(let failure): loaded.diagnostics += failure.diagnostics
                        }
                    }
                    continue
                }
                jobs.append((file, names[index], []))
            } else if Document.isHTML(file), hasFrontMatter(file) {
                // A post written in HTML, as Jekyll and Hugo allow: published as it is.
                jobs.append((file, names[index], []))
            } else {
                loaded.warnings.append(Diagnostic(path: file, message:
                    "not published: only Markdown files and post folders (with an index.md) belong in posts/; images go in static/ or beside a post's index.md"))
            }
        }
        let postResults = Parallel.map(jobs) { job -> Result<Entry, BuildFailure> in
            read(job.path, assets: job.assets) { data in
                let fromName = ContentDate.fromFileName(job.name, in: config.timeZone)
                let defaultSlug = Slug.fromFileName(fromName?.rest ?? job.name)
                return reader.read(job.path, contents: data, kind: .post, defaultSlug: defaultSlug, fileDate: fromName?.date, assets: job.assets) {
                    parts in
                    var dayCalendar = calendar
                    if let writtenIn = parts.writtenIn { dayCalendar.timeZone = writtenIn }
                    let path = (parts.ownPattern ?? permalink).path(date: parts.date ?? .distantPast, in: dayCalendar, slug: parts.slug,
                                                                     title: parts.title, categories: parts.categories, slugs: config.slugs)
                    // A post's own address is as its author wrote it.
                    return lowercase && parts.ownPattern == nil ? path.lowercased() : path
                }
            }
        }
        loaded.posts.reserveCapacity(postResults.count)
        for outcome in postResults { collect(outcome, into: &loaded, as: .post) }

        // Pages: `pages/about.md` at `/about/`, `pages/projects/index.md` at `/projects/`; any
        // other file under pages/ goes with the nearest folder's index page, beside it wherever
        // its address puts it (a Hugo or Zola bundle with a `path` of its own), or else is
        // published at the same place.
        let pageFiles = listing("pages")
        let pageBundles = Set(pageFiles.filter { Self.isMarkdown($0) && RelativePath.name(of: $0) == "index" }.map(RelativePath.folder(of:)))
        var pageAssets: [String: [String]] = [:]
        for file in pageFiles where !Self.isMarkdown(file) {
            var folder = RelativePath.folder(of: file)
            while folder.hasPrefix("pages"), !pageBundles.contains(folder) { folder = RelativePath.folder(of: folder) }
            if pageBundles.contains(folder) {
                pageAssets[folder, default: []].append(file)
            } else {
                let relative = String(file.dropFirst("pages/".count))
                loaded.copies.append((file, lowercase ? relative.lowercased() : relative))
            }
        }
        for file in pageFiles where Self.isMarkdown(file) {
            let relative = String(file.dropFirst("pages/".count))
            let folder = RelativePath.folder(of: relative)
            let name = RelativePath.name(of: relative)
            let assets = name == "index" ? pageAssets[RelativePath.folder(of: file)] ?? [] : []
            let outcome = read(file, assets: assets) { data in
                reader.read(file, contents: data, kind: .page, defaultSlug: name == "index" ? "" : Slug.make(name), fileDate: nil, assets: assets) {
                    parts in
                    let parent = folder.isEmpty ? "/" : "/" + folder + "/"
                    let path = name == "index" && parts.slug.isEmpty ? parent : parent + parts.slug + "/"
                    return lowercase ? path.lowercased() : path
                }
            }
            collect(outcome, into: &loaded, as: .page)
        }

        for file in listing("static") {
            loaded.copies.append((file, String(file.dropFirst("static/".count))))
        }
        for copy in loaded.copies where copy.output.contains("\\") {
            loaded.warnings.append(Diagnostic(path: copy.source, message:
                "published, but browsers read a backslash in an address as a slash, so no link or address reaches this file (and galley serve refuses it): rename it without '\\'"))
        }
        return loaded
    }

    /// Whether the file at `path` opens with front matter (`---`, `+++` or `{`): what makes an
    /// HTML file in posts/ a post rather than a stray file.
    private func hasFrontMatter(_ path: String) -> Bool {
        guard let data = try? tree.contents(of: path) else { return true }  // reading it again reports why
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return FrontMatter.opens(Array(start.prefix(4096)))
    }

    /// Whether `path` names a Markdown file; over UTF-8 bytes, like ``RelativePath``.
    static func isMarkdown(_ path: String) -> Bool {
        // Over the path's bytes, making nothing: it is asked of every file of posts/ and pages/
        // each build (through the string's views, and a lowered copy of the ending to look up,
        // 1,800 instructions a file).
        var path = path
        return path.withUTF8 { bytes in
            var dot = bytes.count
            repeat {
                guard dot > 0 else { return false }
                dot -= 1
                if bytes[dot] == UInt8(ascii: "/") { return false }
            } while bytes[dot] != UInt8(ascii: ".")
            let ending = bytes[(dot + 1)...]
            // Only ASCII letters can spell a Markdown extension, so lowering them byte by byte is enough.
            return markdownEndings.contains { known in
                known.count == ending.count && zip(known, ending).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
            }
        }
    }

    /// ``markdownExtensions`` as bytes, for ``isMarkdown(_:)``.
    private static let markdownEndings = markdownExtensions.map { Array($0.utf8) }

    package init(
        config: SiteConfig,
        tree: any SourceTree,
        recall: any SourceRecall = NothingRecalled(),
        settledBefore: Int = .max
    ) {
        self.config = config
        self.tree = tree
        self.recall = recall
        self.settledBefore = settledBefore
    }
}

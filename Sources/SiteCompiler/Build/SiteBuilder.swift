import FileSystem
import Foundation
import SiteSource

/// Builds a blog: reads it from a ``SourceTree``, renders it, and writes the output folder.
///
/// ```swift
/// let builder = SiteBuilder(source: DirectorySource(root: blog), options: BuildOptions())
/// let report = try builder.build(into: blog.appending(path: "_site"))
/// ```
public struct SiteBuilder: Sendable {
    public let source: any SourceTree
    public let options: BuildOptions
    /// How recent a source change may be for a build to leave a stamp (nanoseconds); see
    /// ``SourceState/isRacy(at:margin:)``. Tests that control their clock lower it.
    var racyMargin = 2_000_000_000
    /// Whether layouts that show only `site` values are rendered once a build; tests turn it
    /// off to compare.
    var renderSiteOnlyLayoutsOnce = true
    /// Whether posts, pages and home pages are rendered through ``LayoutStencils``; tests turn
    /// it off to compare.
    var useStencils = true

    /// A builder for the blog in `source`.
    public init(source: any SourceTree, options: BuildOptions = BuildOptions()) {
        self.source = source
        self.options = options
    }

    /// A rendered blog, not yet written anywhere.
    public struct Compiled: Sendable {
        public var site: Site
        public var output: OutputTree
        /// Things worth knowing that did not stop the build.
        public var warnings: [Diagnostic]
        /// What the next build may reuse.
        var cache: BuildCache
        /// The fingerprint of each page in `output`, and the stamp of each kept one.
        var pages: [String: SiteRenderer.Made]
        /// What the cache held before, to save it only when something changed.
        var previousPages: [String: BuildCache.PageRecord] = [:]
        /// The cache's documents being encoded and saved on another thread, when they changed and
        /// a cache is kept: started as soon as they are known, so it overlaps the rendering.
        var savingDocuments: Background<Void>?
        /// When this output goes stale with no file changed: a future post comes due, or a new
        /// year begins (`site.year`).
        var validUntil: Date = .distantFuture
    }

    /// What a build did, for its one-line summary.
    public struct Report: Sendable, CustomStringConvertible {
        public var posts: Int
        public var pages: Int
        public var written: Int
        public var unchanged: Int
        public var seconds: Double
        public var warnings: [Diagnostic]
        /// Whether the build found nothing changed since the last one and read no post at all.
        public var upToDate = false
        /// The pages rendered through their layouts; the others were kept as they were.
        var renderedPages: Set<String> = []
        /// The base URL every absolute link was built on.
        public var baseURL: URL

        public var description: String {
            let time = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
            if upToDate {
                return "\(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s"): "
                    + "nothing changed, \(unchanged) file\(unchanged == 1 ? "" : "s") checked in \(time)"
            }
            return "\(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s"): "
                + "\(written) file\(written == 1 ? "" : "s") written, \(unchanged) unchanged in \(time)"
        }
    }

    /// Reads and renders the blog; every problem found is thrown together.
    public func compile(progress: BuildProgress? = nil) throws(BuildFailure) -> Compiled {
        try compile(progress: progress, cacheFile: nil, live: nil, sink: nil, versions: [:], files: nil)
    }

    /// Compiles with the cache in `cacheFile` (if any) and the live output folder `live`, whose
    /// unchanged pages are kept rather than rendered.
    func compile(progress: BuildProgress?, cacheFile: URL?, live: URL?, sink: OutputSession?,
                 versions: [String: FileVersion], files: [String]? = nil,
                 cacheBytes: Background<BuildCache.Files>? = nil) throws(BuildFailure) -> Compiled {
        var log = DiagnosticLog()
        var timer = PhaseTimer()
        var config: SiteConfig?
        do {
            config = try SiteConfig.load(from: source)
        } catch {
            log.report(contentsOf: error.diagnostics)
        }
        var theme: Theme?
        do {
            theme = try Theme.load(from: source)
        } catch {
            log.report(contentsOf: error.diagnostics)
        }
        guard var config, let theme else { throw log.failure }
        if let baseURL = options.baseURL { config.baseURL = baseURL }

        let configBytes = (try? source.contents(of: SiteConfig.fileName)) ?? Data()
        let documentsKey = Fingerprint([Fingerprint.of(configBytes), Fingerprint.of(Data(ToolIdentity.current))], label: BuildCache.documentsFormat)
        let optionsText = "\(config.baseURL.absoluteString)|\(options.includeDrafts)|\(options.includeFuture)|\(options.noindex)"
        let pagesKey = Fingerprint([documentsKey, theme.fingerprint, Fingerprint.of(optionsText)], label: "pages")
        let renderer = MarkdownRenderer()
        let tree = source
        // A cached document's body is read and rendered again only when a page shows it. The
        // file is the one the cache describes: the loader reuses an entry only while the file's
        // version or digest is the one recorded.
        let cachedHTML: @Sendable (String) -> String = { path in DocumentReader.body(of: path, in: tree).map { renderer.render($0).html } ?? "" }
        timer.lap("config and theme")
        var cache = cacheFile.map {
            BuildCache.load(from: $0, documentsKey: documentsKey, pagesKey: pagesKey, files: cacheBytes?.wait(), html: cachedHTML)
        }
            ?? BuildCache(documentsKey: documentsKey, pagesKey: pagesKey)
        timer.lap("cache")
        // Which pages the live folder still holds as the last build left them: a stat each,
        // taken on another thread while the sources are read, sorted and grouped, which mostly
        // keeps one core.
        let previous = cache.pages
        // A file the spare sync linked was looked at just before (its link changed its change
        // time): it is intact if it was so then, and its stamp is now the one from after.
        let relinked = sink?.relinked ?? [:]
        let intact = live.flatMap { OpenFolder($0.path) }.map { folder in
            Background {
                var intact = previous.filter { path, record in
                    relinked[path].map { $0.before == record.stamp } ?? (FileStamp.of(path, in: folder) == record.stamp)
                }
                for (path, stamps) in relinked where intact[path] != nil { intact[path]?.stamp = stamps.after }
                return intact
            }
        }

        let settledBefore = Int(Date().timeIntervalSince1970 * 1e9) - racyMargin
        let loaded = ContentLoader(config: config, tree: source, cache: cache.documents, settledBefore: settledBefore,
                                   knownVersions: versions, knownFiles: files).load()
        log.report(contentsOf: loaded.diagnostics)
        timer.lap("read sources")

        let now = options.now
        var validUntil = config.calendar.dateInterval(of: .year, for: now)?.end ?? .distantFuture
        func checkLayout(_ entry: ContentLoader.Entry) {
            if let layout = entry.layout, !theme.layoutNames.contains(layout.name) {
                log.report(Diagnostic(path: entry.sourcePath, line: layout.line, message:
                    "unknown layout '\(layout.name)': add layouts/\(layout.name).mustache or use one of \(theme.layoutNames.sorted().joined(separator: ", "))"))
            }
        }
        // One pass over the posts, not three: for ten thousand of them each pass costs
        // milliseconds, most of it in fetching each post from memory.
        var published: [ContentLoader.Entry] = []
        published.reserveCapacity(loaded.posts.count)
        for post in loaded.posts {
            let date = post.date
            // A future post, draft or not, ends the time this build's output stays right.
            if !options.includeFuture, let date, date > now { validUntil = min(validUntil, date) }
            guard options.includeDrafts || !post.draft, options.includeFuture || (date ?? now) <= now else { continue }
            checkLayout(post)
            published.append(post)
        }
        let posts = published
        let pages = loaded.pages.filter { options.includeDrafts || !$0.draft }
        pages.forEach(checkLayout)
        try log.check()

        let render: @Sendable (ContentLoader.Entry) -> RenderedDocument = { entry in
            switch entry.content {
            case .cached(let rendered): rendered
            case .parsed(let document): RenderedDocument(document: document, renderer: renderer)
            }
        }
        let postOrder = Site.newestFirst(posts.map { (date: $0.date, path: $0.sourcePath) })
        let pageOrder = pages.indices.sorted { pages[$0].sourcePath < pages[$1].sourcePath }
        let renderedPosts = Parallel.map(postOrder) { render(posts[$0]) }
        let renderedPages = Parallel.map(pageOrder) { render(pages[$0]) }
        timer.lap("markdown")
        let site = Site(config: config, links: Links(baseURL: config.baseURL), posts: renderedPosts, pages: renderedPages,
                        tags: Site.group(renderedPosts))
        timer.lap("site and tags")

        let documentsChanged = cache.remember(loaded, rendered: [(posts, postOrder, renderedPosts), (pages, pageOrder, renderedPages)])
        let documentsToSave = cache
        let listed = SiteRenderer.listedFields(theme: theme, postLayouts: Set(posts.map { $0.layout?.name ?? "post" }))
        let savingDocuments = cacheFile.flatMap { file in
            documentsChanged ? Background { _ = try? documentsToSave.saveDocuments(documentsToSave.encodedDocuments(listing: listed), beside: file) } : nil
        }

        timer.lap("cache documents")
        @Sendable func inputFingerprint(_ rendered: RenderedDocument, _ source: Fingerprint) -> Fingerprint {
            let document = rendered.document
            // Most posts are one file and nothing else: the file's digest says it all.
            if document.assets.isEmpty, document.audio == nil { return source }
            var builder = Fingerprint.Builder()
            builder.add(source)
            builder.add(document.assets.count)
            for asset in document.assets { builder.add(asset) }
            builder.add(document.audio?.length ?? -1)
            return builder.finish()
        }
        let postInputs = zip(postOrder, renderedPosts).map { inputFingerprint($1, posts[$0].source) }
        let pageInputs = zip(pageOrder, renderedPages).map { inputFingerprint($1, pages[$0].source) }
        let siteRenderer = SiteRenderer(site: site, theme: theme, options: options, copies: loaded.copies, sink: sink,
                                        renderSiteOnlyLayoutsOnce: renderSiteOnlyLayoutsOnce, useStencils: useStencils) { context in
            SiteRenderer.PageInputs(
                site: Fingerprint.of(value: context.site), posts: postInputs,
                listings: Listings(renderedPosts, groups: listed), pages: pageInputs, intact: intact?.wait() ?? [:])
        }
        timer.lap("page inputs")
        let (output, made, clashes) = siteRenderer.render(progress: progress)
        timer.lap("render")
        log.report(contentsOf: clashes)
        try log.check()
        return Compiled(site: site, output: output, warnings: loaded.warnings, cache: cache, pages: made,
                        previousPages: previous, savingDocuments: savingDocuments, validUntil: validUntil)
    }

    /// The file in the cache folder `cache` that remembers the builds written to `output`.
    public static func cacheFile(for output: URL, in cache: URL) -> URL {
        BuildCache.file(for: output, in: cache)
    }

    /// Forgets the builds written to `output`: its cache file, stamp and spare record.
    public static func removeCache(for output: URL, in cache: URL) {
        let file = BuildCache.file(for: output, in: cache)
        for url in [file, BuildCache.documentsFile(beside: file), BuildStamp.file(beside: file), SpareRecord.file(beside: file)] {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Compiles the blog and writes it to `folder`, replacing the previous build only when the
    /// whole build succeeded. With a `cache` folder, unchanged files are neither parsed nor
    /// rendered again.
    /// `waiting` is called if another build into the same folder holds it, before waiting for it.
    @discardableResult
    public func build(into folder: URL, cache: URL? = nil, progress: BuildProgress? = nil,
                      waiting: (@Sendable () -> Void)? = nil) throws -> Report {
        let start = ContinuousClock.now
        let startWall = Int(Date().timeIntervalSince1970 * 1e9)
        let cacheFile = cache.map { BuildCache.file(for: folder, in: $0) }
        let root = folder.standardizedFileURL.path
        func seconds() -> Double {
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }

        // The cache folder often sits in the blog's own folder, where a pushed branch could put
        // a link in its place: never follow one.
        if let cache {
            var info = stat()
            if lstat(cache.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                throw OutputError(path: cache.path, message:
                    "is not a folder (\(info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link, which Galley does not follow for its cache" : "a file")); remove it")
            }
        }
        // One build at a time into a folder and its cache; a second waits for the first.
        var writer = OutputWriter(destination: folder)
        writer.record = cacheFile.map(SpareRecord.file(beside:))
        let lock = try writer.lock(waiting: waiting)
        var stampTimer = PhaseTimer()
        // Read while the sources are walked; wasted only when nothing changed.
        let cacheBytes = cacheFile.map { file in Background { BuildCache.Files(beside: file) } }
        // Nothing changed since the last build: say so without reading a post.
        let stampFile = cacheFile.map(BuildStamp.file(beside:))
        let state = cacheFile == nil ? nil : try? source.state(of: Self.inputs)
        stampTimer.lap("source state")
        let stampKey = state.map { BuildStamp.key(state: $0, options: options) }
        if let stampFile, let stampKey, let stamp = BuildStamp.load(from: stampFile), stamp.key == stampKey,
            stamp.describes(root, at: options.now)
        {
            var report = Report(posts: stamp.posts, pages: stamp.pages, written: 0, unchanged: stamp.outputs.count, seconds: seconds(),
                                warnings: stamp.warnings, baseURL: options.baseURL ?? (try? SiteConfig.load(from: source).baseURL) ?? URL(filePath: "/"))
            report.upToDate = true
            return report
        }
        if let stampFile { try? FileManager.default.removeItem(at: stampFile) }

        stampTimer.lap("stamp check")
        // Pages go to the spare folder as they are rendered; the live folder is replaced only at the end.
        let session = try writer.begin(lock)
        stampTimer.lap("spare sync")
        var compiled = try compile(progress: progress, cacheFile: cacheFile, live: cacheFile == nil ? nil : folder, sink: session,
                                   versions: state?.versions ?? [:], files: state?.files, cacheBytes: cacheBytes)
        var timer = PhaseTimer()
        // A big blog's cache takes a while to encode; it does so while the output is written.
        let written = try writer.finish(session, compiled.output, from: source)
        timer.lap("write")
        if let cacheFile {
            // Record each file as it now stands, so the next build can trust what it finds; one
            // stat a file, on every core, serves the page records and the stamp alike.
            let paths = Array(compiled.output.files.keys)
            // A kept page the writer left alone in a synced spare is the very file (inode,
            // times) the renderer found live: its stamp is known without another stat.
            let untouched = session.synced ?? []
            let made = compiled.pages
            // A page the session wrote into an empty spare, and nothing wrote after it, is as
            // the session found it after writing.
            let written = session.writtenStamps, output = compiled.output
            let live = OpenFolder(root)
            let stamps = Parallel.map(paths) { path -> FileStamp? in
                if untouched.contains(path), let kept = made[path]?.kept { return kept }
                if let stamp = written[path], case .written = output.files[path]?.content { return stamp }
                return live.flatMap { FileStamp.of(path, in: $0) }
            }
            timer.lap("output stamps")
            let fresh = zip(paths, stamps).compactMap { path, stamp -> (String, BuildCache.PageRecord)? in
                guard let stamp, let fingerprint = made[path]?.fingerprint else { return nil }
                return (path, BuildCache.PageRecord(fingerprint: fingerprint, stamp: stamp))
            }
            // The last build's records, brought up to date: after an edit nearly all are the
            // same, and one lookup each says so without building and comparing another table.
            var records = compiled.previousPages
            var changed = false
            for (path, record) in fresh where records[path] != record {
                records[path] = record
                changed = true
            }
            // More records than pages: some pages are gone, and their records with them.
            if records.count != fresh.count {
                records = Dictionary(fresh, uniquingKeysWith: { $1 })
                changed = true
            }
            compiled.cache.pages = records
            if changed {
                try? compiled.cache.savePages(to: cacheFile)
            }
            compiled.savingDocuments?.wait()
            timer.lap("save cache")
            // A source changed within a clock tick of the state being read could change again
            // unseen; such a build leaves no stamp, and the next one checks contents.
            if let stampFile, let stampKey, let state, !state.isRacy(at: startWall, margin: racyMargin), !stamps.contains(where: { $0 == nil }) {
                let outputs = zip(paths, stamps).map { BuildStamp.Output(path: $0, stamp: $1!) }
                let stamp = BuildStamp(key: stampKey, validUntil: Int(compiled.validUntil.timeIntervalSince1970.rounded(.down)),
                                       posts: compiled.site.posts.count, pages: compiled.site.pages.count,
                                       warnings: compiled.warnings, outputs: outputs)
                try? stamp.save(to: stampFile)
            }
            timer.lap("save stamp")
        }
        var report = Report(
            posts: compiled.site.posts.count, pages: compiled.site.pages.count, written: written.written,
            unchanged: written.unchanged, seconds: seconds(), warnings: compiled.warnings, baseURL: compiled.site.config.baseURL)
        report.renderedPages = Set(compiled.pages.keys.filter { path in
            if case .keep = compiled.output.files[path]?.content { false } else { true }
        })
        Parallel.release(compiled)
        return report
    }

    /// Everything a build reads: the paths a ``SourceState`` must cover.
    static let inputs = [SiteConfig.fileName, "posts", "pages", "static", Theme.folder]
}

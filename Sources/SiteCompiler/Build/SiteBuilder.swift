import Foundation

/// Builds a blog: reads it from a ``SourceTree``, renders it, and writes the output folder.
///
/// ```swift
/// let builder = SiteBuilder(source: DirectorySource(root: blog), options: BuildOptions())
/// let report = try builder.build(into: blog.appending(path: "_site"))
/// ```
public struct SiteBuilder: Sendable {
    public let source: any SourceTree
    public let options: BuildOptions

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
    }

    /// What a build did, for its one-line summary.
    public struct Report: Sendable, CustomStringConvertible {
        public var posts: Int
        public var pages: Int
        public var written: Int
        public var unchanged: Int
        public var seconds: Double
        public var warnings: [Diagnostic]
        /// The base URL every absolute link was built on.
        public var baseURL: URL

        public var description: String {
            let time = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
            return "\(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s"): "
                + "\(written) file\(written == 1 ? "" : "s") written, \(unchanged) unchanged in \(time)"
        }
    }

    /// Reads and renders the blog; every problem found is thrown together.
    public func compile(progress: BuildProgress? = nil) throws(BuildFailure) -> Compiled {
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

        timer.lap("config and theme")
        let loaded = ContentLoader(config: config, tree: source).load()
        timer.lap("read sources")
        log.report(contentsOf: loaded.diagnostics)

        let now = options.now
        let posts = loaded.posts.filter { post in
            (options.includeDrafts || !post.draft) && (options.includeFuture || (post.date ?? now) <= now)
        }
        let pages = loaded.pages.filter { options.includeDrafts || !$0.draft }
        for document in posts + pages {
            if let layout = document.layout, !theme.layoutNames.contains(layout.name) {
                log.report(Diagnostic(path: document.sourcePath, line: layout.line, message:
                    "unknown layout '\(layout.name)': add layouts/\(layout.name).mustache or use one of \(theme.layoutNames.sorted().joined(separator: ", "))"))
            }
        }
        try log.check()

        let renderer = MarkdownRenderer()
        let renderedPosts = Parallel.map(posts.sorted(by: Site.newestFirst)) { RenderedDocument(document: $0, renderer: renderer) }
        let renderedPages = Parallel.map(pages.sorted { $0.sourcePath < $1.sourcePath }) { RenderedDocument(document: $0, renderer: renderer) }
        timer.lap("markdown")
        let site = Site(config: config, links: Links(baseURL: config.baseURL), posts: renderedPosts, pages: renderedPages,
                        tags: Site.group(renderedPosts))

        let (output, clashes) = SiteRenderer(site: site, theme: theme, options: options, copies: loaded.copies).render(progress: progress)
        timer.lap("render")
        log.report(contentsOf: clashes)
        try log.check()
        return Compiled(site: site, output: output, warnings: loaded.warnings)
    }

    /// Compiles the blog and writes it to `folder`, replacing the previous build only when the
    /// whole build succeeded.
    public func build(into folder: URL, progress: BuildProgress? = nil) throws -> Report {
        let start = ContinuousClock.now
        let compiled = try compile(progress: progress)
        var timer = PhaseTimer()
        let written = try OutputWriter(destination: folder).write(compiled.output, from: source)
        timer.lap("write")
        let elapsed = ContinuousClock.now - start
        return Report(
            posts: compiled.site.posts.count, pages: compiled.site.pages.count, written: written.written,
            unchanged: written.unchanged,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            warnings: compiled.warnings, baseURL: compiled.site.config.baseURL)
    }
}

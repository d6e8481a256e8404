import Diagnostics
import Digests
import FileSystem
import Foundation
import Layouts
import Markdown
import SiteContent
import SiteSource

/// Builds a blog: reads it from a ``SourceTree``, renders it, and writes the output folder.
///
/// ```swift
/// let builder = SiteBuilder(source: DirectorySource(root: blog), options: BuildOptions())
/// let report = try builder.build(into: blog.appending(path: "_site"))
/// ```
package struct SiteBuilder: Sendable {
    package let source: any SourceTree
    package let options: BuildOptions
    /// How recent a source change may be for a build to leave a stamp (nanoseconds); see
    /// ``SourceState/isRacy(at:margin:)``. Tests that control their clock lower it.
    var racyMargin = 2_000_000_000
    /// Whether layouts that show only `site` values are rendered once a build; tests turn it
    /// off to compare.
    var renderSiteOnlyLayoutsOnce = true
    /// Whether posts, pages and home pages are rendered through ``LayoutStencils``; tests turn
    /// it off to compare.
    var useStencils = true
    /// Counts how the stencils rendered each layout's pages, for tests.
    var stencilTally: StencilTally?

    /// A builder for the blog in `source`.
    package init(source: any SourceTree, options: BuildOptions = BuildOptions()) {
        self.source = source
        self.options = options
    }

    /// A rendered blog, not yet written anywhere.
    package struct Compiled: Sendable {
        package var site: Site
        /// Every file of the build. After ``compile(progress:)`` its pages hold their text.
        package var output: OutputTree
        /// Things worth knowing that did not stop the build.
        package var warnings: [Diagnostic]
        /// What the next build may reuse.
        var cache: BuildCache
        /// The fingerprint of each page in `output`, and the stamp of each kept one.
        var pages: [String: PageRendering.Made]
        /// What the cache held before, to save it only when something changed.
        var previousPages: [String: BuildCache.PageRecord] = [:]
        /// The cache's documents being encoded and saved on another thread, when they changed and
        /// a cache is kept: started as soon as they are known, so it overlaps the rendering.
        var savingDocuments: Background<Void>?
        /// When this output goes stale with no file changed: a future post comes due, or a new
        /// year begins (`site.year`).
        var validUntil: Date = .distantFuture
        /// The drafts (posts and pages) and future posts the options left out.
        package var leftOut: (drafts: Int, future: Int) = (0, 0)
        /// The build's code highlighting, whose new results are saved with the cache.
        var highlighting: CodeHighlighting?
        /// The build's math typesetting, whose new results are saved with the cache.
        var typesetting: MathTypesetting?
        /// Whether the blog asks for emoji that this build had no names for: the next build is
        /// not told it has nothing to do (the documents' key tells their bodies apart).
        var lacksEmoji = false
    }

    /// What a build did, for its one-line summary.
    package struct Report: Sendable, CustomStringConvertible {
        package var posts: Int
        package var pages: Int
        package var written: Int
        package var unchanged: Int
        package var seconds: Double
        package var warnings: [Diagnostic]
        /// Whether the build found nothing changed since the last one and read no post at all.
        package var upToDate = false
        /// The pages rendered through their layouts; the others were kept as they were.
        var renderedPages: Set<String> = []
        /// The base URL every absolute link was built on.
        package var baseURL: URL
        /// Whether `baseURL` is the blog's (or `--base-url`), not ``SiteConfig/placeholderBaseURL``.
        package var baseURLIsSet = true
        /// The drafts (posts and pages) and future posts the options left out.
        package var leftOut: (drafts: Int, future: Int) = (0, 0)

        package var description: String {
            let time = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
            let done = upToDate
                ? "nothing changed, \(unchanged) file\(unchanged == 1 ? "" : "s") checked in \(time)"
                : "\(written) file\(written == 1 ? "" : "s") written, \(unchanged) unchanged in \(time)"
            var notes: [String] = []
            if let note = SiteBuilder.leftOutNote(leftOut) { notes.append(note) }
            if !baseURLIsSet { notes.append("no base_url, so feeds and the sitemap point at \(baseURL.absoluteString)") }
            return "\(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s"): \(done)"
                + notes.map { "; " + $0 }.joined()
        }
    }

    /// What a build's summary says of the drafts and future posts it left out: `left out 1 draft
    /// (--drafts) and 2 future posts (--future)`; nil for none.
    package static func leftOutNote(_ leftOut: (drafts: Int, future: Int)) -> String? {
        var parts: [String] = []
        if leftOut.drafts > 0 { parts.append("\(leftOut.drafts) draft\(leftOut.drafts == 1 ? "" : "s") (--drafts)") }
        if leftOut.future > 0 { parts.append("\(leftOut.future) future post\(leftOut.future == 1 ? "" : "s") (--future)") }
        return parts.isEmpty ? nil : "left out " + parts.joined(separator: " and ")
    }

    /// Reads and renders the blog into memory; every problem found is thrown together.
    package func compile(progress: BuildProgress? = nil) throws(BuildFailure) -> Compiled {
        let memory = MemoryPublisher()
        var compiled = try compile(progress: progress, publisher: memory, memory: NoMemory())
        compiled.output.fill(with: memory.pages)
        return compiled
    }

    /// The build's phases up to publishing: load the source, assemble the site, plan the pages,
    /// decide which are out of date, and render those into `publisher`. The incremental part is
    /// asked along the way, through `memory` (what was parsed before, which pages are intact);
    /// a reader can follow a full build without it, as ``NoMemory`` answers.
    /// Every problem the build meets, error or warning, leaves it quoting the lines it is about.
    func compile(progress: BuildProgress?, publisher: any Publisher, memory: any BuildMemory) throws(BuildFailure) -> Compiled {
        do {
            var compiled = try runPhases(progress: progress, publisher: publisher, memory: memory)
            compiled.warnings = quoting(compiled.warnings)
            return compiled
        } catch {
            var failure = error
            failure.diagnostics = quoting(failure.diagnostics)
            failure.warnings = quoting(failure.warnings)
            throw failure
        }
    }

    private func runPhases(progress: BuildProgress?, publisher: any Publisher, memory: any BuildMemory) throws(BuildFailure) -> Compiled {
        var log = DiagnosticLog()
        var timer = PhaseTimer()
        // Load the source.
        let (config, theme) = try loadSettings(&log)
        let highlighting = codeHighlighting(config: config, cacheFolder: memory.cacheFolder, reusing: memory.highlighting)
        let emoji = emojiNames(config: config)
        let typesetting = mathTypesetting(config: config, cacheFolder: memory.cacheFolder, reusing: memory.typesetting)
        let body = BodyRenderer(config: config, highlighting: highlighting, emoji: emoji.names, typesetting: typesetting,
                                shortcodes: { theme.renderShortcode($0, $1) })
        timer.lap("config and theme")
        var cache = recallCache(from: memory, config: config, theme: theme, body: body)
        // A build with nothing from an earlier one will render every body and every page: the
        // highlighter may start while the sources are read, if it has not already, unless the
        // code is likely all highlighted already (see ``startHighlighterEarly(cacheFile:)``).
        let rendersEveryPage = cache.documents.isEmpty
        if rendersEveryPage, !memory.startedHighlighter, highlighting?.cache.holdsAnswers == false { highlighting?.highlighter.prepare() }
        timer.lap("cache")
        // Which pages the live folder still holds as the last build left them: a stat each,
        // taken on another thread while the sources are read, sorted and grouped.
        let previous = cache.pages
        let intact = memory.intactPages(previous, under: cache)
        // The recall holds the cache's documents while the sources are read, and no longer: the
        // cache then takes them over to remember this build's (a dictionary still shared with
        // it was copied whole, ten thousand entries, for one changed post).
        let loaded = loadContent(config: config, recall: memory.sources(cache))
        let versions = memory.versions
        log.report(contentsOf: loaded.diagnostics)
        timer.lap("read sources")

        // Assemble the site. A file that could not be read leaves the site without it, and the
        // build goes on to find every other error (links, clashes) before it stops: one round
        // names them all. Links to such a file are not errors of their own.
        let selection = select(loaded, config: config, theme: theme)
        prefetchCode(of: selection, with: highlighting)
        prefetchMath(of: selection, with: typesetting, syntax: config.conventions.mathSyntax)
        let unread = Set(loaded.diagnostics.map(\.path))
        var (assembled, bodyWarnings, bodyErrors) = assemble(selection, config: config, body: body, copies: loaded.copies, unread: unread)
        assembled.site.homeAliases = loaded.sectionAddresses
        log.report(contentsOf: bodyErrors)
        // A shortcode's layout cut short: the bodies holding it must not be remembered.
        log.report(contentsOf: theme.renderOverruns)
        if options.strict { log.report(contentsOf: unknownLayoutNames(theme: theme, site: assembled.site)) }
        timer.lap("markdown, site and tags")
        let listed = PagePlanner.listedFields(theme: theme, postLayouts: Set(selection.posts.map { theme.layout(named: $0.layout?.name, or: "post") }))
        // Only a site whose every file was read is remembered: a body rendered without the
        // files that failed must not outlive this build. The documents are saved only when
        // they changed, on another thread, overlapping the rendering.
        var savingDocuments: Background<Void>?
        if log.isEmpty, memory.remembers, rememberDocuments(in: &cache, loaded, assembled) {
            savingDocuments = memory.save(cache, listing: listed)
        }
        timer.lap("cache documents")

        // Plan the pages.
        // List pages whose digest changed start rendering during the plan. Not in a build that
        // renders every page: there they would only wait, held in memory, for the render phase,
        // which gives them a thread of their own beside the others as it is.
        let outdated: @Sendable (String, Fingerprint) -> Bool = { path, fingerprint in previous[path]?.fingerprint != fingerprint }
        let rendersAnyway = rendersEveryPage ? nil : outdated
        let planner = PagePlanner(site: assembled.site, theme: theme, options: options, copies: loaded.copies, source: source,
                                  renderSiteOnlyLayoutsOnce: renderSiteOnlyLayoutsOnce, rendersEveryPage: rendersEveryPage,
                                  renderer: pageRenderer, rendersAnyway: rendersAnyway) { context in
            assembled.inputs(site: context.site, listing: listed, pictures: { context.imageDigest(of: $0) }, files: copiedFiles(versions))
        }
        let plan = planner.plan()
        // A post that could not be read is missing from the output, and links to it with it:
        // its own error says enough.
        let linkWarnings = loaded.diagnostics.isEmpty ? Self.missingFiles(in: assembled.site, output: plan.tree) : []
        timer.lap("plan")
        log.report(contentsOf: plan.diagnostics)
        do {
            try log.check(warnings: config.warnings + theme.warnings + leftOutLinks + loaded.warnings + selection.warnings + bodyWarnings + linkWarnings)
        } catch {
            // The documents are saved whether or not the build succeeds, but before it returns:
            // not written after the command has gone on (or ended, leaving a temporary file).
            savingDocuments?.wait()
            throw error
        }

        // Decide what is out of date, and render it.
        let outdatedness = intact()
        timer.lap("out of date")
        let made = PageRendering(outdatedness: outdatedness, publisher: publisher, progress: progress).render(plan.pages)
        // Pages cut short are never published: the spare they went to is emptied.
        let overruns = theme.renderOverruns
        if !overruns.isEmpty {
            savingDocuments?.wait()
            throw BuildFailure(overruns)
        }
        planner.context.postSummaries.forgetNarrower()
        // A helper started for a build that had no code to show is still starting in a small
        // blog, and must not be left so by a command about to end.
        if rendersEveryPage, !memory.startedHighlighter { highlighting?.highlighter.settle() }
        timer.lap("render")
        var warnings = config.warnings + theme.warnings + leftOutLinks + loaded.warnings + selection.warnings + bodyWarnings + linkWarnings
            + plan.notes
        if let problem = highlighting?.unavailable { warnings.append(Self.plainCodeWarning(problem)) }
        if let problem = emoji.unavailable { warnings.append(problem) }
        if let problem = typesetting?.unavailable { warnings.append(Self.texMathWarning(problem)) }
        var compiled = Compiled(site: assembled.site, output: plan.tree, warnings: warnings, cache: cache, pages: made,
                                previousPages: previous, savingDocuments: savingDocuments, validUntil: selection.validUntil,
                                leftOut: selection.leftOut, highlighting: highlighting, typesetting: typesetting)
        compiled.lacksEmoji = emoji.unavailable != nil
        return compiled
    }

    /// What renders the pages that come many to a layout: stencils, which render each page shape
    /// once, where the theme allows them; else the theme itself.
    private func pageRenderer(_ theme: Theme, _ summaries: PostSummaries) -> any LayoutRendering {
        (useStencils ? LayoutStencils(theme: theme, summaries: summaries, tally: stencilTally) : nil) ?? theme
    }

    /// Compiles the blog and writes it to `folder`, replacing the previous build only when the
    /// whole build succeeded. With a `cache` folder, unchanged files are neither parsed nor
    /// rendered again.
    /// `waiting` is called if another build into the same folder holds it, before waiting for it.
    /// A build into a new folder shares `reference`'s files where its own are the same (see
    /// ``OutputWriter/begin(_:sharing:)``): a new preview, production's build.
    @discardableResult
    package func build(into folder: URL, cache: URL? = nil, progress: BuildProgress? = nil,
                      waiting: (@Sendable () -> Void)? = nil, sharing reference: URL? = nil) throws -> Report {
        let clock = BuildClock()
        // A folder that is no blog gets nothing written beside it, not even a lock.
        if !source.fileExists(SiteConfig.fileName) { _ = try SiteConfig.load(from: source) }
        let cacheFile = cache.map { BuildCache.file(for: folder, in: $0) }
        if let cache { try Self.refuseLink(at: cache) }
        // One build at a time into a folder and its cache; a second waits for the first.
        var writer = OutputWriter(destination: folder)
        writer.record = cacheFile.map(SpareRecord.file(beside:))
        let lock = try writer.lock(waiting: waiting)
        var timer = PhaseTimer()
        let startedHighlighter = startHighlighterEarly(cacheFile: cacheFile)
        // However the build ends (up to date after all, failed): a helper still starting must
        // not be left so by a command about to end.
        defer { if startedHighlighter { options.highlighter?.settle() } }
        let state = cacheFile == nil ? nil : try? source.state(of: Self.inputs)
        timer.lap("source state")
        // Nothing changed since the last build: say so without reading a post.
        if let cacheFile, let report = upToDate(cacheFile: cacheFile, state: state, output: folder, clock: clock) {
            timer.lap("stamp check")
            return report
        }
        timer.lap("stamp check")
        // Read while the spare is readied and the theme read. Not earlier, beside the walk of
        // the sources: when nothing changed, its megabytes were read for nothing.
        let cacheBytes = cacheFile.map { file in Background { BuildCache.Files(beside: file) } }
        // Pages go to the spare folder as they are rendered; the live folder changes only at the end.
        let session = try writer.begin(lock, sharing: reference)
        timer.lap("spare")
        let memory: any BuildMemory = cacheFile.map {
            DiskMemory(cacheFile: $0, live: folder, state: state, cacheBytes: cacheBytes, startedHighlighter: startedHighlighter)
        } ?? NoMemory(startedHighlighter: startedHighlighter)
        var compiled: Compiled
        do {
            compiled = try compile(progress: progress, publisher: session, memory: memory)
        } catch {
            writer.abandon(session)
            throw error
        }
        timer = PhaseTimer()
        // Publish: the rest of the files, then the spare and the live folder change places.
        let made = compiled.pages
        let written = try writer.finish(session, compiled.output, kept: { made[$0]?.kept != nil }, from: source)
        timer.lap("write")
        if let cacheFile {
            // New highlighted blocks are saved on another thread while the records are.
            let savingHighlights = compiled.highlighting.map { highlighting in Background { _ = try? highlighting.cache.save() } }
            let savingMath = compiled.typesetting.map { typesetting in Background { _ = try? typesetting.cache.save() } }
            if compiled.highlighting?.unavailable == nil, compiled.typesetting?.unavailable == nil {
                record(&compiled, session: session, output: folder, cacheFile: cacheFile, state: state, clock: clock)
            } else {
                // Its code is plain (or its math TeX) for want of a highlighter (or typesetter): the
                // next build renders every page again rather than keep them so once it is there.
                compiled.savingDocuments?.wait()
                Self.forgetRecords(of: cacheFile)
            }
            savingHighlights?.wait()
            savingMath?.wait()
        }
        var report = Report(
            posts: compiled.site.posts.count, pages: compiled.site.pages.count, written: written.written,
            unchanged: written.unchanged, seconds: clock.seconds, warnings: compiled.warnings, baseURL: compiled.site.config.baseURL,
            baseURLIsSet: compiled.site.config.baseURLIsSet, leftOut: compiled.leftOut)
        // Pages alone: a file copied as it is has a record too, but nothing to render.
        for (path, page) in made where page.kept == nil {
            if case .page = compiled.output.files[path]?.content { report.renderedPages.insert(path) }
        }
        // Handed over, not copied: this thread must not be the one left holding them.
        Parallel.release((consume compiled, consume made, consume state, consume session))
        return report
    }

    /// The cache folder often sits in the blog's own folder, where a pushed branch could put a
    /// link in its place: never follow one.
    private static func refuseLink(at cache: URL) throws {
        if let problem = cacheFolderProblem(at: cache) { throw OutputError(path: cache.path, message: problem) }
    }

    /// Why `cache` cannot be a cache folder: something other than a folder is there (a link,
    /// which Galley does not follow for its cache, or a file). Nil for a folder or nothing.
    package static func cacheFolderProblem(at cache: URL) -> String? {
        var info = stat()
        guard lstat(cache.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        return "is not a folder (\(info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link, which Galley does not follow for its cache" : "a file")); remove it"
    }

    /// Everything a build reads: the paths a ``SourceState`` must cover.
    package static let inputs = [SiteConfig.fileName, "posts", "pages", "static", Theme.folder]
}

import Diagnostics
import FileSystem
import Foundation
import Highlighting
import Markdown
import SiteContent

/// Where the pipeline sets up code highlighting: the highlighter the build options give, asked
/// through the highlight cache in the cache folder.
extension SiteBuilder {
    /// The build's code highlighting; nil when the build has no highlighter or galley.yml
    /// says `highlight: false`.
    func codeHighlighting(config: SiteConfig, cacheFolder: URL?, reusing earlier: CodeHighlighting? = nil) -> CodeHighlighting? {
        guard config.highlight, let highlighter = options.highlighter else { return nil }
        // A build kept in memory goes on with the last one's answers, read from the file once.
        if let earlier, earlier.highlighter.identity == highlighter.identity { return earlier }
        return CodeHighlighting(highlighter: highlighter, cache: HighlightCache(folder: cacheFolder))
    }

    /// Starts the highlighter's helper before anything else when the build has no documents from
    /// an earlier one, and so renders every body, and galley.yml leaves highlighting on, unless
    /// the cache folder holds highlighted code already (a new preview's build beside the other
    /// branches': its code is nearly all there, and the helper starts only if a block is not): Python
    /// imports Pygments while the sources are walked and the theme is read, on a core the build
    /// leaves idle then. A cold build's bodies wait on the helper, which lexes on one core behind
    /// its start. Returns whether it started it.
    func startHighlighterEarly(cacheFile: URL?) -> Bool {
        guard let highlighter = options.highlighter,
            cacheFile.map({ !BuildCache.documentsFiles(beside: $0).contains { FileManager.default.fileExists(atPath: $0.path) } }) ?? true,
            !(cacheFile.map { HighlightCache(folder: $0.deletingLastPathComponent()).holdsAnswers } ?? false),
            (try? SiteConfig.load(from: source))?.highlight == true
        else { return false }
        highlighter.prepare()
        return true
    }

    /// Sends the code of the bodies this build will render to the highlighter ahead of them, in
    /// the order they are rendered (posts newest first, then pages): the highlighter works on
    /// big batches while the bodies are read, instead of a small one for each body in turn.
    func prefetchCode(of selection: Selection, with highlighting: CodeHighlighting?) {
        guard let highlighting else { return }
        // Only the bodies read anew are rendered: after an edit, one of ten thousand, and the
        // others need not be sorted.
        func parsed(_ entries: [ContentLoader.Entry]) -> [ContentLoader.Entry] {
            entries.filter { entry in
                guard case .parsed(let document) = entry.content else { return false }
                return !document.isHTML
            }
        }
        let posts = parsed(selection.posts)
        let order = Site.newestFirst(posts.map { (date: $0.date, path: $0.sourcePath) })
        let entries = order.map { posts[$0] } + parsed(selection.pages).sorted { $0.sourcePath < $1.sourcePath }
        let bodies: [String] = entries.compactMap { entry in
            guard case .parsed(let document) = entry.content else { return nil }
            return document.body
        }
        guard !bodies.isEmpty else { return }
        let blocks = Parallel.map(bodies) { FencedBlocks.find(in: $0) }.flatMap { $0 }
        highlighting.prefetch(blocks, threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The one warning of a build whose highlighter could not run.
    static func plainCodeWarning(_ problem: HighlighterUnavailable) -> Diagnostic {
        Diagnostic(path: SiteConfig.fileName, message: "code is shown without highlighting: \(problem.message); "
            + "install Pygments (Debian's python3-pygments), or set highlight: false")
    }

    /// Removes the page records, documents and stamp kept for the output whose cache file is
    /// `cacheFile`, leaving its spare folder alone.
    static func forgetRecords(of cacheFile: URL) {
        for url in [cacheFile, BuildStamp.file(beside: cacheFile)] + BuildCache.allDocumentsFiles(beside: cacheFile) {
            try? FileManager.default.removeItem(at: url)
        }
    }
}

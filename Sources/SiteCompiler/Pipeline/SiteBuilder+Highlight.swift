import Foundation
import Highlighting

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

    /// The one warning of a build whose highlighter could not run.
    static func plainCodeWarning(_ problem: HighlighterUnavailable) -> Diagnostic {
        Diagnostic(path: SiteConfig.fileName, message: "code is shown without highlighting: \(problem.message); "
            + "install Pygments (Debian's python3-pygments), or set highlight: false")
    }

    /// Removes the page records, documents and stamp kept for the output whose cache file is
    /// `cacheFile`, leaving its spare folder alone.
    static func forgetRecords(of cacheFile: URL) {
        for url in [cacheFile, BuildCache.documentsFile(beside: cacheFile), BuildStamp.file(beside: cacheFile)] {
            try? FileManager.default.removeItem(at: url)
        }
    }
}

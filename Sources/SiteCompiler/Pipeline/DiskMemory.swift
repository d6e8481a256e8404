import Foundation
import Layouts
import Markdown
import SiteContent
import SiteSource

/// A build into a folder with a cache file beside it: documents are read from the cache where
/// their files did not change, a page whose live file is as the last build left it and whose
/// inputs are the same stays, and what the build read is saved for the next.
struct DiskMemory: BuildMemory {
    /// The cache file (``BuildCache/file(for:in:)``), whose folder the highlight and math
    /// caches share.
    var cacheFile: URL
    /// The output folder the pages are live in.
    var live: URL
    /// What the walk of the source before the build found.
    var state: SourceState?
    /// The cache file's bytes, read on another thread while the source was walked.
    var cacheBytes: Background<BuildCache.Files>?
    var startedHighlighter: Bool

    var versions: [String: FileVersion] { state?.versions ?? [:] }
    var files: [String]? { state?.files }
    var cacheFolder: URL? { cacheFile.deletingLastPathComponent() }
    var highlighting: CodeHighlighting? { nil }
    var typesetting: MathTypesetting? { nil }
    var remembers: Bool { true }

    func recall(_ empty: BuildCache, html: @escaping @Sendable (Document) -> String) -> BuildCache {
        BuildCache.load(from: cacheFile, documentsKey: empty.documentsKey, pagesKey: empty.pagesKey, files: cacheBytes?.wait(), html: html)
    }

    func intactPages(_ previous: [String: BuildCache.PageRecord], under cache: BuildCache) -> @Sendable () -> any Outdatedness {
        let check = IntactPages.check(previous, in: live)
        return { check?.wait() ?? RenderEverything() }
    }

    func save(_ cache: BuildCache, listing: [ListingFields]) -> Background<Void>? {
        let file = cacheFile
        return Background { _ = try? cache.saveDocuments(cache.encodedDocuments(listing: listing), beside: file) }
    }
}

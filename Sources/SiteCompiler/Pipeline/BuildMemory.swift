import Foundation
import Layouts
import Markdown
import SiteContent
import SiteSource

/// What a build takes from the builds before it and leaves for the next: the one place the
/// phases meet the incremental part.
///
/// - ``NoMemory``: every file is read and every page rendered, and nothing is kept.
/// - ``DiskMemory``: a cache file beside the output folder, and the live pages still as the last
///   build left them (`galley build`, the watcher's builds).
/// - ``HeldMemory``: a ``MemorySite`` held by the process (`galley serve`).
protocol BuildMemory: Sendable {
    /// Each source file's version, as a walk of the source before the build found it, by path;
    /// empty when the loader is to look at each file itself.
    var versions: [String: FileVersion] { get }
    /// Every file of the source, when that walk listed them all.
    var files: [String]? { get }
    /// The folder whose highlight and math caches the build shares with others; nil keeps their
    /// answers in memory only.
    var cacheFolder: URL? { get }
    /// The highlighter and typesetter a build before left, with the answers they gave.
    var highlighting: CodeHighlighting? { get }
    var typesetting: MathTypesetting? { get }
    /// Whether the build tells its cache what it read, for a build after it.
    var remembers: Bool { get }
    /// Whether the highlighter was started before the build began, as a build on disk with no
    /// documents from an earlier one starts it (``SiteBuilder/startHighlighterEarly(cacheFile:)``).
    var startedHighlighter: Bool { get }

    /// The cache the build starts from: `empty`, whose keys say what this build's cache must
    /// have been made under, or what a build before left under the same keys. `html` renders a
    /// remembered document's body again, for the pages that show it.
    func recall(_ empty: BuildCache, html: @escaping @Sendable (Document) -> String) -> BuildCache
    /// Starts finding which of the pages the build before made (`previous`) may stay as they are;
    /// the answer is asked for once the pages are planned, so the finding can overlap the reading.
    func intactPages(_ previous: [String: BuildCache.PageRecord], under cache: BuildCache) -> @Sendable () -> any Outdatedness
    /// Saves `cache`, which has just been told what this build read, for a build in another
    /// process, on another thread; nil when it is kept in memory only.
    func save(_ cache: BuildCache, listing: [ListingFields]) -> Background<Void>?
}

extension BuildMemory {
    /// What the loader asks before it reads a file: the walk's versions and files, and the
    /// documents of `cache`, which ``recall(_:html:)`` gave.
    func sources(_ cache: BuildCache) -> any SourceRecall {
        RecalledSources(documents: cache.documents, versions: versions, files: files)
    }
}

/// A build that reads every file and renders every page, and keeps nothing for another.
struct NoMemory: BuildMemory {
    var versions: [String: FileVersion] { [:] }
    var files: [String]? { nil }
    var cacheFolder: URL? { nil }
    var highlighting: CodeHighlighting? { nil }
    var typesetting: MathTypesetting? { nil }
    var remembers: Bool { false }
    var startedHighlighter = false

    func recall(_ empty: BuildCache, html: @escaping @Sendable (Document) -> String) -> BuildCache { empty }

    func intactPages(_ previous: [String: BuildCache.PageRecord], under cache: BuildCache) -> @Sendable () -> any Outdatedness {
        { RenderEverything() }
    }

    func save(_ cache: BuildCache, listing: [ListingFields]) -> Background<Void>? { nil }
}

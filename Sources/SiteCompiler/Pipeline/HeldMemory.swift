import Foundation
import Layouts
import Markdown
import SiteContent
import SiteSource

/// A build that goes on from a site held in memory (``SiteBuilder/build(after:cacheFolder:)``):
/// documents whose files did not change are taken from it, a page planned from the same inputs
/// keeps the text it holds, and its highlighter and typesetter go on with their answers.
struct HeldMemory: BuildMemory {
    /// The site the build before made; nil for the first.
    var previous: MemorySite?
    /// What the walk of the source before the build found.
    var state: SourceState?
    var cacheFolder: URL?

    var versions: [String: FileVersion] { state?.versions ?? [:] }
    var files: [String]? { state?.files }
    var highlighting: CodeHighlighting? { previous?.highlighting }
    var typesetting: MathTypesetting? { previous?.typesetting }
    var remembers: Bool { true }
    var startedHighlighter: Bool { false }

    func recall(_ empty: BuildCache, html: @escaping @Sendable (Document) -> String) -> BuildCache {
        var cache = empty
        if let previous { cache.adopt(previous.cache) }
        return cache
    }

    func intactPages(_ previous: [String: BuildCache.PageRecord], under cache: BuildCache) -> @Sendable () -> any Outdatedness {
        let held = self.previous
        return { held?.intact(under: cache) ?? RenderEverything() }
    }

    func save(_ cache: BuildCache, listing: [ListingFields]) -> Background<Void>? { nil }
}

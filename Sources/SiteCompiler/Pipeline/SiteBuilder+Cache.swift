import Digests
import FileSystem
import Foundation
import Layouts
import SiteContent
import SiteSource

/// Where the pipeline asks the incremental part (``BuildCache``) what an earlier build knew.
extension SiteBuilder {
    /// The cache the build starts from, asked of `memory`: valid only for this galley.yml,
    /// theme, build options and Galley binary.
    func recallCache(from memory: any BuildMemory, config: SiteConfig, theme: Theme, body: BodyRenderer) -> BuildCache {
        let configBytes = (try? source.contents(of: SiteConfig.fileName)) ?? Data()
        // A theme's own shortcodes are part of the bodies that use them.
        // Highlighted code is part of the bodies, their excerpts with it.
        // So is typeset math.
        let highlighter = body.markdown.highlighting?.highlighter.identity ?? ""
        let typesetter = body.typesetting?.typesetter.identity ?? ""
        // And the base URL, which a build may be given in place of the config's: bodies print
        // links under its path, and `site.url`. And the emoji names.
        let documentsKey = Fingerprint([Fingerprint.of(configBytes), Fingerprint.of(Data(ToolIdentity.current)), theme.shortcodesFingerprint,
                                        Fingerprint.of(highlighter), Fingerprint.of(typesetter), Fingerprint.of(config.baseURL.absoluteString),
                                        body.emojiFingerprint],
                                       label: BuildCache.documentsFormat)
        let optionsText = "\(config.baseURL.absoluteString)|\(options.includeDrafts)|\(options.includeFuture)|\(options.noindex)"
        let pagesKey = Fingerprint([documentsKey, theme.fingerprint, Fingerprint.of(optionsText)], label: "pages")
        let tree = source
        // A cached document's body is read and rendered again only when a page shows it. The
        // file is the one the cache describes: the loader reuses an entry only while the file's
        // version or digest is the one recorded.
        let cachedHTML: @Sendable (Document) -> String = { document in
            guard let document = DocumentReader.withBody(document, in: tree) else { return "" }
            return body.render(document).rendered.html
        }
        return memory.recall(BuildCache(documentsKey: documentsKey, pagesKey: pagesKey), html: cachedHTML)
    }

    /// Tells the cache what this build read, for a next build; returns whether that differs
    /// from what it held.
    func rememberDocuments(in cache: inout BuildCache, _ loaded: ContentLoader.Loaded, _ assembled: Assembled) -> Bool {
        let selection = assembled.selection
        return cache.remember(loaded, rendered: [(selection.posts, assembled.postOrder, assembled.site.posts),
                                                 (selection.pages, assembled.pageOrder, assembled.site.pages)])
    }
}

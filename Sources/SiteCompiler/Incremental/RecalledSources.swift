import Digests
import SiteContent
import SiteSource

/// The documents a build recalled from the builds before it (see ``BuildMemory/recall(_:html:)``),
/// with the versions and files of the walk it started with.
struct RecalledSources: SourceRecall {
    var documents: [String: CachedDocument] = [:]
    var versions: [String: FileVersion] = [:]
    var files: [String]?

    func version(of path: String) -> FileVersion? { versions[path] }

    func unchanged(_ path: String, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? {
        guard let version, let cached = documents[path], cached.version == version else { return nil }
        return reuse(cached, version: version, assets: assets)
    }

    func sameBytes(_ path: String, source: Fingerprint, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? {
        guard let cached = documents[path], cached.source == source else { return nil }
        return reuse(cached, version: version, assets: assets)
    }

    private func reuse(_ cached: CachedDocument, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? {
        // A post whose audio length comes from a static file depends on more than its own bytes.
        guard cached.rendered.document.audio == nil else { return nil }
        let sameAssets = cached.rendered.document.assets == assets
        let rendered = sameAssets ? cached.rendered : cached.rendered.with(assets: assets)
        return ContentLoader.Entry(content: .cached(rendered), source: cached.source, version: version,
                                   unchanged: sameAssets && cached.version == (version ?? []))
    }
}

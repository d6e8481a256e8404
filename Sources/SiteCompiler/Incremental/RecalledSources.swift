import SiteSource

/// What the loader asks of the builds before it, in place of holding their cache: what a walk of
/// the source already found, and whether a file is as a build before read it, in which case
/// that build's document stands in for reading and parsing it again.
protocol SourceRecall: Sendable {
    /// Every file of the source, when a walk before the build listed them all; nil when the
    /// loader is to list each folder itself.
    var files: [String]? { get }
    /// The version a walk before the build found for `path`; nil when the loader is to look.
    func version(of path: String) -> FileVersion?
    /// The entry for `path` if a build before read it at this `version` (the file's settled
    /// version; nil when unknown): asked before the file is read.
    func unchanged(_ path: String, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry?
    /// The entry for `path` if a build before read the same bytes (their digest, `source`):
    /// asked once the file is read, for a file touched but not changed.
    func sameBytes(_ path: String, source: Fingerprint, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry?
}

/// The documents a build recalled from the builds before it (see ``BuildMemory/recall(_:html:)``),
/// with the versions and files of the walk it started with; empty, every file is read.
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

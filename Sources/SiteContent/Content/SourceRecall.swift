import Digests
import SiteSource

/// What the loader asks of the builds before it, in place of holding their cache: what a walk of
/// the source already found, and whether a file is as a build before read it, in which case
/// that build's document stands in for reading and parsing it again.
package protocol SourceRecall: Sendable {
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

/// Nothing recalled: every file is listed, read and parsed.
package struct NothingRecalled: SourceRecall {
    package var files: [String]? { nil }
    package func version(of path: String) -> FileVersion? { nil }
    package func unchanged(_ path: String, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? { nil }
    package func sameBytes(_ path: String, source: Fingerprint, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? { nil }
}

import Digests
import Foundation

/// A post or page as an earlier build read it: the loader takes it instead of reading the file
/// while the file is as it was then (see ``ContentLoader``).
package struct CachedDocument: Sendable {
    package var source: Fingerprint
    /// The file's ``FileVersion`` bytes when it was read, if it had settled: while they are
    /// the same the file need not be read again. Empty when unknown.
    package var version: [UInt8] = []
    package var rendered: RenderedDocument
    /// Where the entry is in the documents files the cache was read from. It is written back
    /// from there while nothing about the document changed: an edit to one post re-encodes one
    /// entry, not ten thousand.
    package var encoded: Place?

    /// An entry's place in the documents files: which of them, and its bytes there, length and all.
    package struct Place: Sendable, Equatable {
        package var shard: Int
        package var range: Range<Int>

        package init(shard: Int, range: Range<Int>) {
            self.shard = shard
            self.range = range
        }
    }

    package init(source: Fingerprint, version: [UInt8] = [], rendered: RenderedDocument, encoded: Place? = nil) {
        self.source = source
        self.version = version
        self.rendered = rendered
        self.encoded = encoded
    }
}

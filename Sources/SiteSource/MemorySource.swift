import Digests
import Foundation

/// A ``SourceTree`` whose files are held in memory: a blog a test makes up on the spot, or the
/// files a tool keeps itself (edits not yet saved), built without a folder on disk.
///
/// Paths are taken as they are given, unchecked, so a test can hand a build paths that no folder
/// could hold, as a crafted git tree can. Like the other trees it leaves out the litter that
/// ``SourceFileFilter`` names when listing. A value never changes in place (a changed blog is a
/// new value), so a file's version is the hash of its bytes.
package struct MemorySource: SourceTree {
    /// The files, by path relative to the blog's root (`posts/2019-10-08-hello.md`).
    package var files: [String: Data]

    /// A tree of `files`, by path.
    package init(files: [String: Data] = [:]) {
        self.files = files
    }

    /// A tree of text files, by path, each held as its UTF-8 bytes.
    package init(_ texts: [String: String]) {
        files = texts.mapValues { Data($0.utf8) }
    }

    /// Says that the tree is no folder, for messages.
    package var description: String { "memory" }

    /// Every file below `directory` (all of them for an empty one), litter left out, sorted.
    package func files(under directory: String) throws -> [String] {
        listed(below: directory).sorted()
    }

    /// The bytes of the file at `path`.
    package func contents(of path: String) throws -> Data {
        guard let data = files[path] else { throw SourceTreeError.notFound(path) }
        return data
    }

    /// Whether the tree holds a file at `path`.
    package func fileExists(_ path: String) -> Bool { files[path] != nil }

    /// The hash of the file's bytes; nil when there is no file at `path`.
    package func version(of path: String) -> FileVersion? {
        files[path].map { FileVersion(bytes: SourceState.hash(Array($0)), changed: 0) }
    }

    /// The paths and bytes of the files and folders `roots`, as listing each would find them.
    package func state(of roots: [String]) throws -> SourceState? {
        var hasher = SHA256()
        for root in roots {
            hasher.update(data: Array(root.utf8) + [0])
            for path in (listed(below: root) + (files[root] == nil ? [] : [root])).sorted() {
                hasher.update(data: Array(path.utf8) + [0] + SourceState.hash(Array(files[path, default: Data()])))
            }
        }
        return SourceState(digest: Array(hasher.finalize()), newestChange: 0)
    }

    /// The files below `directory`, litter left out, in no order.
    private func listed(below directory: String) -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        return files.keys.filter { $0.hasPrefix(prefix) && !SourceFileFilter.ignoresAnyName(in: $0) }
    }
}

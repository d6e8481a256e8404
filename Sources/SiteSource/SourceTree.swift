import Foundation

/// A read-only view of a blog's files, addressed by paths relative to the blog's root
/// (`posts/2019-10-08-hello.md`).
///
/// A build reads everything through this protocol, so the same compiler works on a folder on
/// disk and on a commit read straight out of a git object database.
package protocol SourceTree: Sendable {
    /// Every regular file below `directory` (recursively), as root-relative paths, sorted.
    /// A directory that does not exist yields an empty list.
    func files(under directory: String) throws -> [String]

    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> Data

    /// The first `count` bytes of the file at `path` (all of it when shorter): what a header
    /// needs, without reading a large file whole.
    func head(of path: String, count: Int) throws -> Data

    /// Whether a regular file exists at `path`.
    func fileExists(_ path: String) -> Bool

    /// A cheap digest of the files and folders `roots`, which changes whenever any of their files
    /// may have; nil when the tree cannot tell without reading everything.
    func state(of roots: [String]) throws -> SourceState?

    /// Bytes that change whenever the file at `path` may have: its identity and times on disk,
    /// its blob id in a commit; nil when the tree can only tell by reading the file.
    func version(of path: String) -> FileVersion?

    /// A short description for messages, such as the folder path or `branch@commit`.
    var description: String { get }

    /// Paths the tree holds but gives a build nothing of (a symbolic link in a commit, which is
    /// never followed), for the build to name.
    var leftOut: [String] { get }
}

extension SourceTree {
    /// Trees that cannot tell their state cheaply have none; a build then simply reads them.
    package func state(of roots: [String]) throws -> SourceState? { nil }

    /// Trees that cannot tell a file's version cheaply have none; a build then reads the file.
    package func version(of path: String) -> FileVersion? { nil }

    /// Trees that give every file they hold leave nothing out.
    package var leftOut: [String] { [] }

    /// Trees that hold each file whole (a git blob, memory) give the start of it.
    package func head(of path: String, count: Int) throws -> Data { try contents(of: path).prefix(count) }
}

import Foundation

/// A read-only view of a blog's files, addressed by paths relative to the blog's root
/// (`posts/2019-10-08-hello.md`).
///
/// A build reads everything through this protocol, so the same compiler works on a folder on
/// disk and on a commit read straight out of a git object database.
public protocol SourceTree: Sendable {
    /// Every regular file below `directory` (recursively), as root-relative paths, sorted.
    /// A directory that does not exist yields an empty list.
    func files(under directory: String) throws -> [String]

    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> Data

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
}

/// The names every source tree skips: editor and OS litter that no blogger means to publish.
public enum SourceFileFilter {
    /// Whether a file or folder called `name` is left out of a blog.
    public static func ignores(_ name: String) -> Bool {
        name == ".DS_Store" || name == "Thumbs.db" || name == ".git" || name.hasSuffix("~")
    }
}

/// Errors raised by source trees.
public enum SourceTreeError: Error, CustomStringConvertible, Sendable {
    /// The path does not name a file in the tree.
    case notFound(String)
    /// The file exists but could not be read.
    case unreadable(String, reason: String)
    /// The path is, or passes through, a symbolic link to a place outside the tree.
    case linkOutside(String)

    /// The path and what is wrong with it.
    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .linkOutside(let path): "\(path): \(Self.outsideReason)"
        }
    }

    /// Why a link out of the tree is refused, and what to do about it.
    package static let outsideReason =
        "a symbolic link to a place outside the blog folder; Galley does not follow links out of the blog (copy the file in, or link to a place inside)"

    /// What went wrong in `error`, met reading a tree or a file, without the path: for a
    /// message that names the path its own way.
    package static func describe(_ error: Error) -> String {
        if let error = error as? SourceTreeError {
            switch error {
            case .notFound: return "no such file"
            case .unreadable(_, let reason): return reason
            case .linkOutside: return outsideReason
            }
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

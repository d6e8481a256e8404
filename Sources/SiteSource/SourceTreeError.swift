import Failures
import FileSystem
import Foundation

/// Errors raised by source trees.
package enum SourceTreeError: Error, CustomStringConvertible, Sendable {
    /// The path does not name a file in the tree.
    case notFound(String)
    /// The file exists but could not be read.
    case unreadable(String, reason: String)
    /// The path is, or passes through, a symbolic link to a place outside the tree.
    case linkOutside(String)
    /// Several such paths, found in one walk of a folder: each is said, not the first alone.
    case linksOutside([String])

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
            case .linkOutside, .linksOutside: return outsideReason
            }
        }
        // A source over a git commit throws libgit2's words (an object missing from the store);
        // as an NSError they were "GitSource.GitError error 1".
        if let error = error as? any GalleyError { return error.said }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return explain(Int32(underlying.code))
        }
        return nsError.localizedDescription
    }
}

extension SourceTreeError {
    /// The error for the entry `name` of the folder `relative` when its name, as `readdir`
    /// gave it, names nothing there: its bytes are not UTF-8 and came back with U+FFFD in their
    /// place. Nil for any other name. Such a file was left out of the site without a word.
    static func undecodable(_ name: String, in relative: String, exists: (String) -> Bool) -> SourceTreeError? {
        // U+FFFD is EF BF BD; most names hold no EF byte at all.
        guard name.utf8.contains(0xEF), name.unicodeScalars.contains("\u{FFFD}"), !exists(name) else { return nil }
        return .unreadable(relative.isEmpty ? name : relative + "/" + name, reason: undecodableReason)
    }

    /// Why a name that is not UTF-8 is refused, in a folder or a git tree.
    package static let undecodableReason =
        "its name is not UTF-8 (shown with \u{FFFD} for the bytes that are not), and pages and links are named by file names: rename it"

    /// What the `errno` value `code` means for a file of the blog, as ``FileSystemError/explain(_:opening:)``
    /// says it, but for a link that leads round to itself: there a file of the blog is at fault,
    /// not the output folder.
    static func explain(_ code: Int32) -> String {
        switch code {
        case ELOOP: "it is a symbolic link that leads round to itself (or through too many links); fix or remove the link"
        // A source is read, never written: whether its folder is writable is beside the point.
        case EACCES, EPERM: "permission denied (check who owns it and that Galley's user may read it)"
        default: FileSystemError.explain(code)
        }
    }
}

extension SourceTreeError: GalleyError {
    package var place: ErrorPlace? {
        switch self {
        case .notFound(let path), .unreadable(let path, _), .linkOutside(let path): ErrorPlace(path)
        case .linksOutside(let paths): ErrorPlace(paths.first ?? "")
        }
    }
    package var message: String {
        switch self {
        case .notFound: "no such file"
        case .unreadable(_, let reason): reason
        case .linkOutside, .linksOutside: Self.outsideReason
        }
    }
    package var category: FailureCategory { .other }
}

import Failures
import Foundation

/// A file or folder the system would not open, read, write, rename or remove: the one error of
/// this module, so that whoever calls it (the output writer, the cache) decides how to present it.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The file or folder, as it was named to the call that failed.
    package var path: String
    /// What went wrong, in words a user can act on.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// An error about `path` for the `errno` value `code`, met while doing `action`.
    package init(_ path: String, _ code: Int32, _ action: String) {
        self.init(path: path, message: "\(action): \(Self.explain(code, opening: false))")
    }

    /// A file system error from Foundation (`FileManager`, `Data.write`), as its path and cause
    /// in words, instead of the raw dump of its user info; nil for any other error.
    package init?(foundation error: Error) {
        let error = error as NSError
        guard error.domain == NSCocoaErrorDomain else { return nil }
        let path = error.userInfo[NSFilePathErrorKey] as? String ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        var reason = error.localizedDescription
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }), underlying.domain == NSPOSIXErrorDomain {
            reason = Self.explain(Int32(underlying.code), opening: false)
        }
        self.init(path: path ?? "", message: reason)
    }

    /// What the `errno` value `code` means, in words a user can act on; `opening` for the
    /// opening of a folder, where a file in its place is the likely cause.
    package static func explain(_ code: Int32, opening: Bool = false) -> String {
        switch code {
        case ELOOP, EXDEV:
            "it is, or lies past, a symbolic link; Galley does not follow links in its output folders (remove the link)"
        case ENOTDIR where opening: "exists and is not a folder"
        case EACCES, EPERM: "permission denied (check who owns the folder and that it is writable)"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "no space left on the device (or over quota)"
        case ENAMETOOLONG: "the name is too long for the file system"
        default: String(cString: strerror(code))
        }
    }
}

extension FileSystemError: GalleyError {
    package var place: ErrorPlace? { ErrorPlace(path) }
    package var category: FailureCategory { .fileOrPort }
}

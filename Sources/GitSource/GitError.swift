import CLibGit2
import Failures

/// A failure reported by libgit2, with its message and what Galley was doing at the time.
package struct GitError: Error, Sendable, CustomStringConvertible {
    /// libgit2's error code (`GIT_ENOTFOUND`, `GIT_EOWNER`…).
    package let code: Int32
    package let message: String

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The last libgit2 error on this thread, described in terms of `action`.
    static func last(_ code: Int32, _ action: String) -> GitError {
        let detail = git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(code)"
        return GitError(code: code, message: "\(action): \(detail)")
    }

    /// Throws the last libgit2 error when `code` is negative.
    static func check(_ code: Int32, _ action: @autoclosure () -> String) throws(GitError) {
        if code < 0 { throw last(code, action()) }
    }

    /// Whether libgit2 refused the repository because another user owns it.
    package var isOwnershipError: Bool { code == GIT_EOWNER.rawValue }
}

extension GitError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { .other }
}

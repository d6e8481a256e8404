/// An error Galley says to a person: what went wrong, and where when it is about a place.
///
/// Every error a command can end with is one, so `galley` says each the same way and takes its
/// exit status from ``category`` alone, whatever module threw it.
package protocol GalleyError: Error, Sendable, CustomStringConvertible {
    /// The file, folder, branch or host the error is about, and the line; nil when it is about
    /// no one place.
    var place: ErrorPlace? { get }
    /// What went wrong, without the place.
    var message: String { get }
    /// Which row of the exit-status table the error falls in.
    var category: FailureCategory { get }
}

extension GalleyError {
    /// The error as `galley` says it: its place (`path:line: `) when it has one, then its
    /// message. Every error's text has this one form.
    package var said: String {
        guard let place else { return message }
        let at = place.line.map { "\(place.path):\($0)" } ?? place.path
        return "\(at): \(message)"
    }

    package var description: String { said }
}

/// Where an error is: a path (a file, a folder, a branch, a host), and a line of it.
package struct ErrorPlace: Sendable, Equatable {
    package var path: String
    package var line: Int?

    package init(_ path: String, line: Int? = nil) {
        self.path = path
        self.line = line
    }
}

/// The rows of the exit-status table (`galley --help`) an error can fall in.
package enum FailureCategory: Sendable, Equatable {
    /// The blog's own files have errors: a build failed on them.
    case blogHasErrors
    /// The command line was wrong: an unknown option, a missing or bad value.
    case usage
    /// The folder named is no blog folder (or, for import, no site to read).
    case notABlog
    /// A file or a port could not be used.
    case fileOrPort
    /// Publishing failed: the destination, rsync or ssh.
    case publishing
    /// None of those: a repository that cannot be read, a forge that refused a status. It ends
    /// with status 1, as a failed build does.
    case other
}

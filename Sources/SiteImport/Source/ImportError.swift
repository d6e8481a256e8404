import Failures
/// Why `galley import` wrote nothing: a message that names the file (and line, when there is
/// one) and says what to do.
package struct ImportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words a user can act on.
    package var message: String
    /// What kind of problem it is, for the command's exit status.
    package var kind: Kind

    /// Kinds of problem an import meets.
    package enum Kind: Sendable {
        /// The site's own files are wrong: settings that cannot be read.
        case siteHasErrors
        /// The folder to read is missing, or no site of a generator Galley imports.
        case notASite
        /// The folder to write is in the way (not empty, a file) or cannot be written.
        case fileInTheWay
    }

    /// An error saying `message`.
    package init(_ message: String, kind: Kind = .siteHasErrors) {
        self.message = message
        self.kind = kind
    }
}

extension ImportError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory {
        switch kind {
        case .siteHasErrors: .blogHasErrors
        case .notASite: .notABlog
        case .fileInTheWay: .fileOrPort
        }
    }
}

import Failures
/// A commit-status setting that cannot be used, from an option (`--status-api`,
/// `--status-repository`, the token file) or a CI variable, with what to give instead.
package struct StatusOptionError: Error, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}

extension StatusOptionError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { .other }
}

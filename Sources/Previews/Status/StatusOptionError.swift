/// A commit-status setting that cannot be used, from an option (`--status-api`,
/// `--status-repository`, the token file) or a CI variable, with what to give instead.
public struct StatusOptionError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

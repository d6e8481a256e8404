/// Why `galley import` wrote nothing: a message that names the file (and line, when there is
/// one) and says what to do.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words a user can act on.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

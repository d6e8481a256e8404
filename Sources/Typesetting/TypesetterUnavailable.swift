/// Why a typesetter cannot typeset at all, in words a user can act on.
public struct TypesetterUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

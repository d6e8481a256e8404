/// Why a highlighter cannot highlight at all, in words a user can act on.
public struct HighlighterUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

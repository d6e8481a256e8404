/// Why a highlighter cannot highlight at all, in words a user can act on.
package struct HighlighterUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

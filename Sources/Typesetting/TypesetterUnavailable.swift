/// Why a typesetter cannot typeset at all, in words a user can act on.
package struct TypesetterUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

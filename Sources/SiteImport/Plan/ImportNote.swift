/// One line of the report: something of the site that the blog does not carry, or something to
/// check before the blog goes live.
public struct ImportNote: Sendable, Equatable, CustomStringConvertible {
    /// Which list the note goes in.
    public enum Kind: Sendable, Equatable {
        /// Left behind: a theme, plugins, data files, a setting with no Galley meaning.
        case notCarried
        /// Carried, but not quite as it was, or with a placeholder: worth a look.
        case check
    }

    public var kind: Kind
    /// What it is about: a file or folder of the site (`_layouts/`), or a setting (`permalink`).
    public var subject: String
    /// What happened to it, and what to do.
    public var message: String

    /// A note about `subject`.
    public init(_ kind: Kind, _ subject: String, _ message: String) {
        self.kind = kind
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }
}

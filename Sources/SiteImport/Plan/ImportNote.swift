/// One line of the report: something of the site that the blog does not carry, or something to
/// check before the blog goes live.
package struct ImportNote: Sendable, Equatable, CustomStringConvertible {
    /// Which list the note goes in.
    package enum Kind: Sendable, Equatable {
        /// Left behind: a theme, plugins, data files, a setting with no Galley meaning.
        case notCarried
        /// Carried, but not quite as it was, or with a placeholder: worth a look.
        case check
        /// What the blog's first build will stop at, as a build says it: to mend before building.
        case refused
    }

    package var kind: Kind
    /// What it is about: a file or folder of the site (`_layouts/`), or a setting (`permalink`).
    package var subject: String
    /// What happened to it, and what to do.
    package var message: String

    /// A note about `subject`. Control characters in either (a line break in a file name or a
    /// setting) are shown as escapes, so that nothing a site holds can forge a line of the report.
    package init(_ kind: Kind, _ subject: String, _ message: String) {
        self.kind = kind
        self.subject = Self.shown(subject)
        self.message = Self.shown(message)
    }

    /// `text` with its control characters written as `\u{…}`.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    package var description: String { "\(subject): \(message)" }
}

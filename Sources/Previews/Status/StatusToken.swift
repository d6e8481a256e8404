import Foundation

/// The token a forge takes statuses with, read from a file so that it is never in a process's
/// arguments or environment. It never prints: its description names only the file it came from.
package struct StatusToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token itself, for the request's headers and nothing else.
    let text: String
    /// The file it came from, for messages.
    package let file: String

    /// The token in `file`, without the whitespace and line breaks around it.
    package init(file: String) throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw StatusOptionError("cannot read the status token file \(file)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw StatusOptionError("the status token file \(file) is empty") }
        guard !text.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else {
            throw StatusOptionError("the status token file \(file) holds more than one line; put the token alone in it")
        }
        self.init(text: text, file: file)
    }

    init(text: String, file: String) {
        self.text = text
        self.file = file
    }

    package var description: String { "the token in \(file)" }
    package var debugDescription: String { description }
    // So that dump() and a struct's default description show no more than the file either.
    package var customMirror: Mirror { Mirror(self, children: ["file": file]) }

    /// `message` with the token blanked out, should a forge ever echo it.
    func redacting(_ message: String) -> String {
        message.replacingOccurrences(of: text, with: "[token]")
    }
}

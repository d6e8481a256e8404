import Foundation
import Highlighting

/// One batch of blocks as the Pygments helper reads it, and its answer as Galley reads it back.
/// Made and read outside the session's locks: one thread encodes its batch while another's
/// is being sent.
struct PygmentsBatch {
    /// The JSON line the helper reads: `[["swift", "let a = 1\n"], …]`.
    let request: Data
    let count: Int
    /// The bytes of code it holds, which the helper's time limit grows with.
    let size: Int

    init(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard var request = try? encoder.encode(blocks.map { [$0.language, $0.code] }) else {
            throw HighlighterUnavailable("cannot encode code for Pygments")
        }
        request.append(0x0A)
        self.request = request
        count = blocks.count
        size = blocks.reduce(0) { $0 + $1.code.utf8.count }
    }

    /// The answer in the line the helper wrote: one entry a block, nil for an unknown language.
    func answers(from line: [UInt8]) throws(HighlighterUnavailable) -> [String?] {
        guard let answers = try? JSONDecoder().decode([String?].self, from: Data(line)), answers.count == count else {
            throw HighlighterUnavailable("Pygments gave an answer Galley does not understand")
        }
        return answers
    }
}

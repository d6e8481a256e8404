import Foundation
import Highlighting

/// One batch of blocks as the Pygments helper reads it, and its answer as Galley reads it back.
/// Made and read outside the session's locks: one thread encodes its batch while another's
/// is being sent.
///
/// Both are length-prefixed bytes, so neither side escapes or parses anything: a cold build
/// sends one batch for each post with code.
struct PygmentsBatch {
    /// The frame the helper reads: for each block, its language and its code, each a 4-byte
    /// big-endian length and UTF-8 bytes.
    let request: Data
    let count: Int
    /// The bytes of code it holds, which the helper's time limit grows with.
    let size: Int

    init(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(blocks.reduce(4) { $0 + $1.code.utf8.count + $1.language.utf8.count + 8 })
        for block in blocks {
            Self.append(block.language, to: &bytes)
            Self.append(block.code, to: &bytes)
        }
        guard bytes.count <= HelperFrames.largestFrame else { throw HighlighterUnavailable("a batch of code blocks is too large to send") }
        request = Data(HelperFrames.frame(bytes))
        count = blocks.count
        size = blocks.reduce(0) { $0 + $1.code.utf8.count }
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let length = UInt32(text.utf8.count)
        bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        bytes += text.utf8
    }

    /// The answer in the frame the helper wrote: one entry a block, nil for an unknown language.
    func answers(from frame: [UInt8]) throws(HighlighterUnavailable) -> [String?] {
        var answers: [String?] = []
        answers.reserveCapacity(count)
        var index = 0
        while index < frame.count {
            switch frame[index] {
            case 0:
                answers.append(nil)
                index += 1
            case 1 where index + 5 <= frame.count:
                let length = frame[index + 1..<index + 5].reduce(0) { $0 << 8 | Int($1) }
                let start = index + 5
                guard start + length <= frame.count, let html = String(validating: frame[start..<start + length], as: UTF8.self) else {
                    throw Self.misunderstood
                }
                answers.append(html)
                index = start + length
            default:
                throw Self.misunderstood
            }
        }
        guard answers.count == count else { throw Self.misunderstood }
        return answers
    }

    private static let misunderstood = HighlighterUnavailable("Pygments gave an answer Galley does not understand")
}

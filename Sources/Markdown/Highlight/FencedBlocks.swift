import Highlighting
import Text

/// The fenced code blocks of a Markdown body as cmark will read them, found ahead of it: for a
/// build to send every block to the highlighter at once, while the bodies are still being
/// rendered, rather than a batch as each body comes to them.
///
/// Only the plain case is read: a fence at the start of a line (not indented, not in a list or
/// a quotation), three or more backticks or tildes with a language, closed by a like fence.
/// What it reads otherwise is at worst a block cmark does not see, highlighted for nothing:
/// rendering still asks for each block it finds, and takes these answers only where they match.
package enum FencedBlocks {
    package static func find(in body: String) -> [CodeBlock] {
        guard UTF8Search.contains("```", in: body) || UTF8Search.contains("~~~", in: body) else { return [] }
        let bytes = Array(body.utf8)
        var blocks: [CodeBlock] = []
        // The open block: its fence byte and length, its language, and where its code starts.
        var open: (fence: UInt8, length: Int, language: String, start: Int)?
        var lineStart = 0
        while lineStart < bytes.count {
            let newline = bytes[lineStart...].firstIndex(of: 0x0A)
            let next = newline.map { $0 + 1 } ?? bytes.count
            var lineEnd = newline ?? bytes.count
            // cmark reads a carriage return before the newline as part of the line's end.
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = bytes[lineStart..<lineEnd]
            if let block = open {
                if closes(line, fence: block.fence, length: block.length) {
                    blocks.append(CodeBlock(language: block.language, code: code(bytes[block.start..<lineStart])))
                    open = nil
                }
            } else if let first = line.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                let length = line.prefix { $0 == first }.count
                let info = line.dropFirst(length)
                // A backtick fence's info may not hold a backtick; escapes and entities in it are
                // cmark's to undo, so such a block is left to it.
                if length >= 3, !(first == UInt8(ascii: "`") && info.contains(UInt8(ascii: "`"))) {
                    let word = info.drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != 0x20 && $0 != 0x09 }
                    if !word.isEmpty, !word.contains(UInt8(ascii: "\\")), !word.contains(UInt8(ascii: "&")) {
                        open = (first, length, String(decoding: word, as: UTF8.self), next)
                    }
                }
            }
            lineStart = next
        }
        // A block left open runs to the end of the body.
        if let block = open, block.start < bytes.count {
            blocks.append(CodeBlock(language: block.language, code: code(bytes[block.start...])))
        }
        return blocks.filter { !$0.code.isEmpty }
    }

    /// The code of the lines in `lines` as cmark gives it: each line ended by one newline, a
    /// carriage return before it taken off.
    private static func code(_ lines: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(lines.count + 1)
        for byte in lines where byte != 0x0D { out.append(byte) }
        if let last = out.last, last != 0x0A { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `line` closes a block opened by `length` of `fence`: as many or more of them, up
    /// to three spaces before, nothing but spaces after.
    private static func closes(_ line: ArraySlice<UInt8>, fence: UInt8, length: Int) -> Bool {
        var rest = line
        var indent = 0
        while rest.first == 0x20, indent < 3 {
            rest = rest.dropFirst()
            indent += 1
        }
        let run = rest.prefix { $0 == fence }.count
        guard run >= length else { return false }
        return rest.dropFirst(run).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Where a Markdown text holds code and math, found before it is parsed: template syntax is
/// left alone there, and math must reach the page as written.
///
/// Code is fenced blocks (```` ``` ```` or `~~~`, indented up to three spaces), indented blocks
/// (four columns, outside lists and footnotes; in a quote, four columns after its `>` markers)
/// and inline spans of backticks. Math is
/// `$$ … $$`, `\\( … \\)` and `\\[ … \\]`, the forms that come through Markdown to MathJax and
/// KaTeX on Jekyll and Hugo blogs, outside code (and, for Hugo's passthrough, `\( … \)` and
/// `\[ … \]` with one backslash).
package struct MarkdownRegions: Sendable {
    /// Byte ranges of code, sorted.
    private(set) var code: [Range<Int>] = []
    /// Byte ranges of math, delimiters included, sorted.
    package private(set) var math: [Range<Int>] = []

    /// Code and math together, sorted: what template syntax may not touch.
    package var protected: [Range<Int>] { (code + math).sorted { $0.lowerBound < $1.lowerBound } }

    /// The regions of `text`; with `singleBackslashMath` (``MathSyntax/hugo``), `\( … \)` and
    /// `\[ … \]` with one backslash are math too.
    package init(_ text: String, singleBackslashMath: Bool = false) {
        let bytes = Array(text.utf8)
        var index = 0
        var lineStart = true
        let backtick = UInt8(ascii: "`"), tilde = UInt8(ascii: "~"), newline = UInt8(ascii: "\n")
        let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\")

        func run(of byte: UInt8, at offset: Int) -> Int {
            var end = offset
            while end < bytes.count, bytes[end] == byte { end += 1 }
            return end - offset
        }
        func lineEnd(from offset: Int) -> Int { bytes[offset...].firstIndex(of: newline) ?? bytes.count }
        // Where a search that found nothing stopped, by what it looked for: an opening with no
        // closing is looked past once, not once for each of a thousand openings before it.
        var fruitless: [[UInt8]: Int] = [:]
        func find(_ pattern: [UInt8], from offset: Int, stopAtBlankLine: Bool) -> Int? {
            if let stop = fruitless[pattern], offset < stop { return nil }
            var at = offset
            while at + pattern.count <= bytes.count {
                if bytes[at] == backslash, pattern.first != backslash { at += 2; continue }
                if stopAtBlankLine, bytes[at] == newline, at + 1 < bytes.count, bytes[at + 1] == newline { break }
                if bytes[at..<at + pattern.count].elementsEqual(pattern) { return at }
                at += 1
            }
            fruitless[pattern] = at
            return nil
        }

        // Indented code: a line indented four columns or more, after a blank line (or the text's
        // start, or another such line), outside a list, a footnote or a quote, where the same
        // indentation continues the item's own paragraphs rather than making code.
        var previousBlank = true, inIndentedCode = false, inContainer = false
        func isContainerMarker(at offset: Int, before end: Int) -> Bool {
            guard offset < end else { return false }
            let byte = bytes[offset]
            func spaceOrEnd(_ at: Int) -> Bool { at >= end || bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D }
            if byte == UInt8(ascii: ">") { return true }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") { return spaceOrEnd(offset + 1) }
            if byte == UInt8(ascii: "["), offset + 1 < end, bytes[offset + 1] == UInt8(ascii: "^") {
                return bytes[offset..<end].contains(UInt8(ascii: "]"))
            }
            var digits = offset
            while digits < end, digits - offset < 9, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
            guard digits > offset, digits < end, bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")") else { return false }
            return spaceOrEnd(digits + 1)
        }

        // The same inside quotes, after their markers, with a state of its own: a quote's
        // first line, or one after a line of markers alone, may start indented code.
        var quoteDepth = 0, quotePreviousBlank = true, inQuotedCode = false, inQuotedContainer = false
        /// The first byte from `start` that is no space or tab, and its column, tabs stopping
        /// every four columns, counting from `column` at `start`.
        func indentation(from start: Int, column: Int, to end: Int) -> (first: Int, column: Int) {
            var first = start, column = column
            while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 {
                column = bytes[first] == 0x09 ? (column / 4 + 1) * 4 : column + 1
                first += 1
            }
            return (first, column)
        }
        /// The number of `>` markers `line` starts with (each after up to three spaces, with the
        /// one space after it), the offset after them, and the column there.
        func quoteMarkers(from line: Int, to end: Int) -> (depth: Int, content: Int, column: Int) {
            var depth = 0, content = line, column = 0
            while true {
                var at = content, atColumn = column
                while at < end, at - content < 3, bytes[at] == 0x20 {
                    at += 1
                    atColumn += 1
                }
                guard at < end, bytes[at] == UInt8(ascii: ">") else { return (depth, content, column) }
                at += 1
                atColumn += 1
                if at < end, bytes[at] == 0x20 {
                    at += 1
                    atColumn += 1
                }
                depth += 1
                content = at
                column = atColumn
            }
        }

        while index < bytes.count {
            if lineStart {
                lineStart = false
                let end = lineEnd(from: index)
                let (depth, content, contentColumn) = quoteMarkers(from: index, to: end)
                if depth != quoteDepth {
                    quoteDepth = depth
                    quotePreviousBlank = true
                    inQuotedCode = false
                    inQuotedContainer = false
                }
                if depth > 0 {
                    let (first, column) = indentation(from: content, column: contentColumn, to: end)
                    if bytes[first..<end].allSatisfy({ $0 == 0x0D }) {
                        quotePreviousBlank = true
                        inQuotedCode = false
                    } else if column - contentColumn >= 4, !inQuotedContainer, quotePreviousBlank || inQuotedCode {
                        code.append(index..<min(end + 1, bytes.count))
                        index = end + 1
                        lineStart = true
                        inQuotedCode = true
                        quotePreviousBlank = false
                        previousBlank = false
                        inContainer = true
                        continue
                    } else {
                        inQuotedCode = false
                        if column - contentColumn <= 3 {
                            if isContainerMarker(at: first, before: end) { inQuotedContainer = true } else if quotePreviousBlank { inQuotedContainer = false }
                        }
                        quotePreviousBlank = false
                    }
                }
                let (first, column) = indentation(from: index, column: 0, to: end)
                let blank = bytes[first..<end].allSatisfy { $0 == 0x0D }
                if blank {
                    previousBlank = true
                } else if column >= 4, !inContainer, previousBlank || inIndentedCode {
                    code.append(index..<min(end + 1, bytes.count))
                    index = end + 1
                    lineStart = true
                    inIndentedCode = true
                    previousBlank = false
                    continue
                } else {
                    inIndentedCode = false
                    if column <= 3 {
                        if isContainerMarker(at: first, before: end) { inContainer = true } else if previousBlank { inContainer = false }
                    }
                    previousBlank = false
                }
                var indent = index
                while indent < bytes.count, indent - index < 3, bytes[indent] == 0x20 { indent += 1 }
                if indent < bytes.count, bytes[indent] == backtick || bytes[indent] == tilde {
                    let marker = bytes[indent], count = run(of: marker, at: indent)
                    let infoEnd = lineEnd(from: indent)
                    if count >= 3, marker == tilde || !bytes[indent + count..<infoEnd].contains(backtick) {
                        // A fenced block: to a closing fence of the same kind, at least as long.
                        var line = min(infoEnd + 1, bytes.count)
                        var end = bytes.count
                        while line < bytes.count {
                            let close = lineEnd(from: line)
                            var start = line
                            while start < close, start - line < 3, bytes[start] == 0x20 { start += 1 }
                            let length = run(of: marker, at: start)
                            if length >= count, bytes[(start + length)..<close].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                                end = min(close + 1, bytes.count)
                                break
                            }
                            line = close + 1
                        }
                        code.append(index..<end)
                        index = end
                        lineStart = true
                        continue
                    }
                }
            }
            let byte = bytes[index]
            if byte == newline {
                lineStart = true
                index += 1
            } else if byte == backslash, index + 2 < bytes.count, bytes[index + 1] == backslash,
                bytes[index + 2] == UInt8(ascii: "(") || bytes[index + 2] == UInt8(ascii: "[")
            {
                let closer: [UInt8] = [backslash, backslash, bytes[index + 2] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")]
                if let close = find(closer, from: index + 3, stopAtBlankLine: true) {
                    math.append(index..<close + 3)
                    index = close + 3
                } else {
                    index += 3
                }
            } else if byte == backslash, singleBackslashMath, index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "(") || bytes[index + 1] == UInt8(ascii: "[")
            {
                let closer: [UInt8] = [backslash, bytes[index + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")]
                if let close = find(closer, from: index + 2, stopAtBlankLine: true) {
                    math.append(index..<close + 2)
                    index = close + 2
                } else {
                    index += 2
                }
            } else if byte == backslash {
                index += 2
            } else if byte == backtick {
                let count = run(of: backtick, at: index)
                // A span ends at the next run of exactly as many backticks, within the paragraph.
                var at = index + count
                var end: Int?
                if let stop = fruitless[Array(repeating: backtick, count: count)], at < stop { at = bytes.count }
                while at < bytes.count {
                    if bytes[at] == newline, at + 1 < bytes.count, bytes[at + 1] == newline { break }
                    if bytes[at] == backtick {
                        let length = run(of: backtick, at: at)
                        if length == count { end = at + length; break }
                        at += length
                    } else {
                        at += 1
                    }
                }
                if let end {
                    code.append(index..<end)
                    index = end
                } else {
                    if at < bytes.count || fruitless[Array(repeating: backtick, count: count)] == nil {
                        fruitless[Array(repeating: backtick, count: count)] = at
                    }
                    index += count
                }
            } else if byte == dollar, index + 1 < bytes.count, bytes[index + 1] == dollar {
                if let close = find([dollar, dollar], from: index + 2, stopAtBlankLine: false), close > index + 2 {
                    math.append(index..<close + 2)
                    index = close + 2
                } else {
                    index += 2
                }
            } else {
                index += 1
            }
        }
    }
}

import Text

/// The lines of a source file around the line a diagnostic is about, for showing the problem
/// where it stands: two lines before, the line itself, one after, and a caret under the column
/// when it is known.
package struct SourceExcerpt: Sendable, Equatable {
    /// One line of the file, as written (its line break left off).
    package struct Line: Sendable, Equatable {
        /// The 1-based line number.
        package var number: Int
        /// What the line holds, as the file has it.
        package var text: String
    }

    /// The lines shown, in order; one of them is the diagnostic's.
    package var lines: [Line]
    /// The line the diagnostic is about.
    package var line: Int
    /// The 1-based column (in characters) the caret points at, when known.
    package var column: Int?

    /// Lines shown before and after the diagnostic's.
    package static let before = 2, after = 1
    /// How much of a long line is shown: a minified line must not flood the terminal.
    package static let widest = 120

    /// The excerpt of `text` around `line`; nil when the file has no such line.
    package init?(of text: String, line: Int, column: Int? = nil) {
        guard line >= 1 else { return nil }
        var lines: [Line] = []
        var number = 0
        let first = line - Self.before, last = line + Self.after
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number > last { break }
            guard number >= first else { continue }
            var shown = Substring(piece)
            if shown.last == "\r" { shown = shown.dropLast() }
            lines.append(Line(number: number, text: String(shown)))
        }
        // A file that ends with a line break has no line after it.
        if lines.last?.number == number, lines.last?.text.isEmpty == true, number > line, text.hasSuffix("\n") { lines.removeLast() }
        guard lines.contains(where: { $0.number == line }) else { return nil }
        self.lines = lines
        self.line = line
        self.column = column
    }

    /// The excerpt as a terminal shows it: each line after its number in a gutter, the
    /// diagnostic's marked with `>`, and a `^` under the column. Tabs become spaces and control
    /// characters are written out, so that the caret lines up and nothing reaches a terminal raw.
    package var text: String {
        let width = String(lines.map(\.number).max() ?? line).count
        var shown: [String] = []
        for entry in lines {
            let number = String(entry.number)
            let gutter = (entry.number == line ? "> " : "  ") + String(repeating: " ", count: width - number.count) + number + " | "
            let (visible, caret) = Self.visible(entry.text, column: entry.number == line ? column : nil)
            shown.append(gutter + visible)
            if let caret {
                shown.append(String(repeating: " ", count: width + 3) + "| " + String(repeating: " ", count: caret) + "^")
            }
        }
        return shown.joined(separator: "\n")
    }

    /// `text` as shown, at most ``widest`` characters of it around `column`, and how far into
    /// what is shown the caret goes.
    private static func visible(_ text: String, column: Int?) -> (text: String, caret: Int?) {
        // The written line is cut first, so that a line of megabytes is not worked over whole.
        let at = max(0, (column ?? 1) - 1)
        let start = max(0, at - widest)
        let window = text.dropFirst(start).prefix(2 * widest + 1)
        let cutBefore = start > 0, cutAfter = window.endIndex != text.endIndex
        let before = display(String(window.prefix(at - start))).count
        let whole = display(String(window))
        // Then what is shown: the caret's neighbourhood, the line's start when it fits.
        let from = whole.count <= widest ? 0 : max(0, min(before - widest / 2, whole.count - widest))
        let kept = whole.dropFirst(from).prefix(widest)
        let leading = cutBefore || from > 0
        let trailing = cutAfter || from + kept.count < whole.count
        let shown = (leading ? "…" : "") + kept + (trailing ? "…" : "")
        guard column != nil else { return (shown, nil) }
        return (shown, before - from + (leading ? 1 : 0))
    }

    /// A line with each tab as four spaces and its control characters written out.
    private static func display(_ text: String) -> String {
        PrintableText.of(text.replacingOccurrences(of: "\t", with: "    "), keepingLines: false)
    }
}

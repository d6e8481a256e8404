import Foundation
import Text
import Typesetting

/// Math kept out of the Markdown renderer's reach: each region is swapped for a marker before
/// parsing, and put back after, as MathML or as TeX escaped for HTML. Markdown would otherwise
/// take `\\` (a row break in a matrix) for an escaped backslash and `_` for emphasis.
package struct MathSpans: Sendable {
    /// One formula found in the text.
    package struct Span: Sendable {
        /// The TeX and whether it is display math.
        package var formula: MathFormula
        /// The formula as the page shows it when it is not typeset: in delimiters a script
        /// (MathJax, KaTeX's auto-render) finds.
        var written: String
        /// Where it starts in the text given to ``protect(_:regions:)``, in bytes.
        package var offset: Int
    }

    /// How `$$` and escapes are read.
    let syntax: MathSyntax
    /// The math by marker number.
    package private(set) var spans: [Span] = []

    /// A marker Markdown text never holds: private-use characters round a number.
    private static let open: Character = "\u{E002}", close: Character = "\u{E003}"

    package init(syntax: MathSyntax = .galley) {
        self.syntax = syntax
    }

    /// `text` with each of `regions` (sorted byte ranges from ``MarkdownRegions``) swapped for
    /// a marker. `\\(` and `\\[` become `\(` and `\[`, what Markdown would have made of them.
    package mutating func protect(_ text: String, regions: [Range<Int>]) -> String {
        guard !regions.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        for region in regions {
            output += bytes[copied..<region.lowerBound]
            output += "\(Self.open)\(spans.count)\(Self.close)".utf8
            spans.append(span(bytes, region))
            copied = region.upperBound
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The formula in `region` of `bytes`.
    private func span(_ bytes: [UInt8], _ region: Range<Int>) -> Span {
        let whole = String(decoding: bytes[region], as: UTF8.self)
        if whole.hasPrefix("\\\\") {
            // `\\( … \\)` or `\\[ … \\]`: Markdown's own text, which kramdown reads with its escapes.
            var tex = String(whole.dropFirst(3).dropLast(3))
            if syntax == .kramdown { tex = Self.markdownUnescaped(tex) }
            let display = whole.hasPrefix("\\\\[")
            let written = (display ? "\\[" : "\\(") + (syntax == .kramdown ? tex : String(whole.dropFirst(3).dropLast(3))) + (display ? "\\]" : "\\)")
            return Span(formula: MathFormula(tex: tex, display: display), written: written, offset: region.lowerBound)
        }
        if syntax.singleBackslashDelimiters, whole.hasPrefix("\\(") || whole.hasPrefix("\\[") {
            // Hugo's passthrough: the page keeps the delimiters as written, for a script.
            let display = whole.hasPrefix("\\[")
            return Span(formula: MathFormula(tex: String(whole.dropFirst(2).dropLast(2)), display: display), written: whole, offset: region.lowerBound)
        }
        let tex = String(whole.dropFirst(2).dropLast(2))
        switch syntax {
        case .galley, .hugo:
            return Span(formula: MathFormula(tex: tex, display: true), written: whole, offset: region.lowerBound)
        case .kramdown:
            // As kramdown's MathJax output writes them, so a script shows an inline one inline.
            if Self.standsAlone(bytes, region) {
                let trimmed = tex.trimmingCharacters(in: .whitespacesAndNewlines)
                return Span(formula: MathFormula(tex: trimmed, display: true), written: "\\[" + trimmed + "\\]", offset: region.lowerBound)
            }
            return Span(formula: MathFormula(tex: tex, display: false), written: "\\(" + tex + "\\)", offset: region.lowerBound)
        }
    }

    /// Whether `region` is a paragraph of its own, kramdown's test for a math block: it starts
    /// a line (up to three spaces in) after a blank line or the start, and nothing but spaces
    /// follow it before a blank line or the end.
    static func standsAlone(_ bytes: [UInt8], _ region: Range<Int>) -> Bool {
        var start = region.lowerBound
        while start > 0, bytes[start - 1] == 0x20, region.lowerBound - start < 3 { start -= 1 }
        if start > 0 {
            guard bytes[start - 1] == 0x0A else { return false }
            var before = start - 1
            while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 || bytes[before - 1] == 0x0D { before -= 1 }
            guard before == 0 || bytes[before - 1] == 0x0A else { return false }
        }
        var end = region.upperBound
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
        guard end < bytes.count else { return true }
        guard bytes[end] == 0x0A else { return false }
        var after = end + 1
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0D { after += 1 }
        return after == bytes.count || bytes[after] == 0x0A
    }

    /// `text` with each backslash before ASCII punctuation taken off, as Markdown reads it.
    static func markdownUnescaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var output: [UInt8] = []
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "\\") else { output.append(byte); continue }
            guard let next = bytes.next() else { output.append(byte); break }
            if !isASCIIPunctuation(next) { output.append(byte) }
            output.append(next)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// `html` with the markers replaced: by `typeset[n]` for the n-th formula when there is
    /// one, else by its TeX as written. A marker inside a tag (an image's `alt`, which cmark
    /// fills from the text) always gets the TeX, escaped for an attribute.
    package func restore(_ html: String, typeset: [String?] = []) -> String {
        guard !spans.isEmpty, html.contains(Self.open) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        var inTag = false
        while let start = rest.firstIndex(of: Self.open) {
            let before = rest[..<start]
            if let lastOpen = before.lastIndex(of: "<") { inTag = before[lastOpen...].firstIndex(of: ">") == nil }
            else if before.contains(">") { inTag = false }
            output += before
            let after = rest.index(after: start)
            guard let end = rest[after...].firstIndex(of: Self.close), let number = Int(rest[after..<end]), spans.indices.contains(number) else {
                output.append(Self.open)
                rest = rest[after...]
                continue
            }
            if !inTag, number < typeset.count, let mathML = typeset[number] {
                output += mathML
            } else {
                output += Self.escaped(spans[number].written, quotes: inTag)
            }
            rest = rest[rest.index(after: end)...]
        }
        output += rest
        return output
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        let html = UTF8Search.replacing(">", with: "&gt;", in: UTF8Search.replacing("<", with: "&lt;", in: UTF8Search.replacing("&", with: "&amp;", in: text)))
        return quotes ? UTF8Search.replacing("\"", with: "&quot;", in: html) : html
    }
}

/// Math kept out of the Markdown renderer's reach: each region is swapped for a marker before
/// parsing, and put back, escaped for HTML, after. Markdown would otherwise take `\\` (a row
/// break in a matrix) for an escaped backslash and `_` for emphasis.
struct MathSpans: Sendable {
    /// The math, as MathJax reads it, by marker number.
    private(set) var math: [String] = []

    /// A marker Markdown text never holds: private-use characters round a number.
    private static let open: Character = "\u{E002}", close: Character = "\u{E003}"

    /// `text` with each of `regions` (sorted byte ranges from ``MarkdownRegions``) swapped for
    /// a marker. `\\(` and `\\[` become `\(` and `\[`, what Markdown would have made of them.
    mutating func protect(_ text: String, regions: [Range<Int>]) -> String {
        guard !regions.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        for region in regions {
            output += bytes[copied..<region.lowerBound]
            var span = String(decoding: bytes[region], as: UTF8.self)
            if span.hasPrefix("\\\\") {
                span = "\\" + span.dropFirst(2).dropLast(3) + "\\" + span.suffix(1)
            }
            output += "\(Self.open)\(math.count)\(Self.close)".utf8
            math.append(span)
            copied = region.upperBound
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// `html` with the markers replaced by their math.
    func restore(_ html: String) -> String {
        guard !math.isEmpty, html.contains(Self.open) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let start = rest.firstIndex(of: Self.open) {
            output += rest[..<start]
            let after = rest.index(after: start)
            guard let end = rest[after...].firstIndex(of: Self.close), let number = Int(rest[after..<end]), math.indices.contains(number) else {
                output.append(Self.open)
                rest = rest[after...]
                continue
            }
            output += Self.escaped(math[number])
            rest = rest[rest.index(after: end)...]
        }
        output += rest
        return output
    }

    private static func escaped(_ text: String) -> String {
        UTF8Search.replacing(">", with: "&gt;", in: UTF8Search.replacing("<", with: "&lt;", in: UTF8Search.replacing("&", with: "&amp;", in: text)))
    }
}

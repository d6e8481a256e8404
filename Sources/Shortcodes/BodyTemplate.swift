import Foundation
import Text

/// A post body taken apart into its text and the template syntax it borrows from Jekyll
/// (Liquid's `{{ … }}` and `{% … %}`) and Hugo (`{{< … >}}` shortcodes), each piece with the
/// byte offset it starts at.
///
/// Blocks whose insides are not templates (`raw`, `comment`, `highlight`) are closed here, and a
/// `for` loop's body is taken apart in turn. A `{{ … }}` inside code or math is text: code
/// samples of other template languages are common, and Jekyll authors wrap theirs in `raw`.
package struct BodyTemplate: Sendable {
    indirect enum Piece: Sendable {
        case text(String)
        /// `{{ expression }}`, with the text as written for messages.
        case output(TemplateExpression, source: String, at: Int)
        /// `{% name arguments %}` for a tag with no body.
        case tag(name: String, arguments: String, source: String, at: Int)
        /// `{% highlight lang %}…{% endhighlight %}`: the body is code, not template.
        case highlight(arguments: String, code: String, at: Int)
        /// `{% for variable in … %}…{% endfor %}`.
        case loop(arguments: String, body: [Piece], at: Int)
        case shortcode(Shortcode, at: Int)
        /// Something that looks like template syntax and is not, kept as text with a reason.
        case unreadable(source: String, reason: String, at: Int)
    }

    let pieces: [Piece]

    /// How deep `for` loops may nest.
    static let depthLimit = 16

    /// Takes `body` apart; `protected` are the byte ranges of code and math, sorted. Without
    /// `liquid`, only Hugo's shortcodes are read, and Liquid's syntax is text.
    package init(_ body: String, protected: [Range<Int>], liquid: Bool = true) {
        var parser = Parser(bytes: Array(body.utf8), protected: protected, liquid: liquid)
        pieces = parser.pieces(until: nil, depth: 0).pieces
    }

    /// Whether `body` holds anything this type would take apart: most posts hold none.
    package static func mayHoldTemplates(_ body: String) -> Bool {
        UTF8Search.contains("{{", in: body) || UTF8Search.contains("{%", in: body)
    }

    private struct Parser {
        let bytes: [UInt8]
        let protected: [Range<Int>]
        let liquid: Bool
        var index = 0
        /// The first protected range that may still lie ahead.
        var nextProtected = 0

        /// Where the `for` tags with no `endfor` are: found in one pass, so that a body of a
        /// thousand unclosed loops is not read to its end once for each.
        private var unclosedLoops = Set<Int>()

        init(bytes: [UInt8], protected: [Range<Int>], liquid: Bool) {
            self.bytes = bytes
            self.protected = protected
            self.liquid = liquid
            var open: [Int] = []
            var search = 0
            while liquid, let start = find("{%", from: search), let found = tag(at: start) {
                search = found.end
                let name = found.inside.prefix { !$0.isWhitespace }
                switch name {
                case "raw", "comment", "highlight":
                    if let close = findTag("end" + name, from: found.end) { search = close.end }
                case "for": open.append(start)
                case "endfor": _ = open.popLast()
                default: break
                }
            }
            unclosedLoops = Set(open)
        }

        mutating func isProtected(_ offset: Int) -> Bool {
            while nextProtected < protected.count, protected[nextProtected].upperBound <= offset { nextProtected += 1 }
            return nextProtected < protected.count && protected[nextProtected].contains(offset)
        }

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        func starts(_ literal: String, at offset: Int) -> Bool {
            let wanted = Array(literal.utf8)
            return offset + wanted.count <= bytes.count && bytes[offset..<offset + wanted.count].elementsEqual(wanted)
        }

        /// Searches already made, by what was searched for: where the search started and what it
        /// found. A body full of openings with no closing (`{%` a million times) is then read once,
        /// not once for each opening.
        private let searches = SearchMemo()

        func find(_ literal: String, from offset: Int) -> Int? {
            searches.answer(literal, from: offset) {
                let wanted = Array(literal.utf8)
                return bytes.withUnsafeBufferPointer { UTF8Search.offset(of: wanted, in: $0, from: offset) }
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        /// A `{% … %}` tag at `offset`: its inside without the whitespace-control dashes, where
        /// it ends, and whether it trims the space before and after it.
        func tag(at offset: Int) -> (inside: String, end: Int, trimBefore: Bool, trimAfter: Bool)? {
            guard starts("{%", at: offset), let close = find("%}", from: offset + 2) else { return nil }
            var start = offset + 2, stop = close
            let trimBefore = start < stop && bytes[start] == UInt8(ascii: "-")
            if trimBefore { start += 1 }
            let trimAfter = stop > start && bytes[stop - 1] == UInt8(ascii: "-")
            if trimAfter { stop -= 1 }
            return (text(start..<stop).trimmingCharacters(in: .whitespacesAndNewlines), close + 2, trimBefore, trimAfter)
        }

        /// The first tag named `name` at or after `offset`: where it starts and ends.
        func findTag(_ name: String, from offset: Int) -> (start: Int, end: Int, trimAfter: Bool)? {
            let start = searches.answer("{%" + name, from: offset) {
                var search = offset
                while let open = find("{%", from: search) {
                    if let found = tag(at: open), found.inside == name { return open }
                    search = open + 2
                }
                return nil
            }
            guard let start, let found = tag(at: start) else { return nil }
            return (start, found.end, found.trimAfter)
        }

        func skippingSpace(from offset: Int) -> Int {
            var offset = offset
            while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
            return offset
        }

        /// The pieces from here to the tag named `end` (or to the end of the body), and whether
        /// that tag was found.
        mutating func pieces(until end: String?, depth: Int) -> (pieces: [Piece], closed: Bool) {
            var pieces: [Piece] = []
            var textStart = index
            func flush(_ upTo: Int, trimming: Bool = false) {
                var stop = upTo
                if trimming { while stop > textStart, Self.isSpace(bytes[stop - 1]) { stop -= 1 } }
                if stop > textStart { pieces.append(.text(text(textStart..<stop))) }
            }
            while index < bytes.count {
                guard let brace = bytes[index...].firstIndex(of: UInt8(ascii: "{")) else { break }
                index = brace
                guard brace + 1 < bytes.count else { break }
                let next = bytes[brace + 1]
                if liquid, next == UInt8(ascii: "%"), let found = tag(at: brace) {
                    let name = found.inside.prefix { !$0.isWhitespace }
                    let arguments = String(found.inside.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                    flush(brace, trimming: found.trimBefore)
                    index = found.trimAfter ? skippingSpace(from: found.end) : found.end
                    let source = text(brace..<found.end)
                    if let end, name == end {
                        return (pieces, true)
                    }
                    switch name {
                    case "raw", "comment":
                        let closing = "end" + name
                        if let close = findTag(closing, from: index) {
                            if name == "raw" { pieces.append(.text(text(index..<close.start))) }
                            index = close.trimAfter ? skippingSpace(from: close.end) : close.end
                        } else {
                            pieces.append(.unreadable(source: source, reason: "an opening with no {% \(closing) %}", at: brace))
                        }
                    case "highlight":
                        if let close = findTag("endhighlight", from: index) {
                            pieces.append(.highlight(arguments: arguments, code: text(index..<close.start), at: brace))
                            index = close.trimAfter ? skippingSpace(from: close.end) : close.end
                        } else {
                            pieces.append(.unreadable(source: source, reason: "an opening with no {% endhighlight %}", at: brace))
                        }
                    case "for":
                        guard depth < BodyTemplate.depthLimit else {
                            pieces.append(.unreadable(source: source, reason: "a loop in loops nested more than \(BodyTemplate.depthLimit) deep", at: brace))
                            break
                        }
                        guard !unclosedLoops.contains(brace) else {
                            pieces.append(.unreadable(source: source, reason: "a loop with no {% endfor %}", at: brace))
                            break
                        }
                        let after = index
                        let body = self.pieces(until: "endfor", depth: depth + 1)
                        if body.closed {
                            pieces.append(.loop(arguments: arguments, body: body.pieces, at: brace))
                        } else {
                            index = after
                            pieces.append(.unreadable(source: source, reason: "a loop with no {% endfor %}", at: brace))
                        }
                    default:
                        pieces.append(.tag(name: String(name), arguments: arguments, source: source, at: brace))
                    }
                    textStart = index
                } else if next == UInt8(ascii: "{"), brace + 2 < bytes.count,
                    bytes[brace + 2] == UInt8(ascii: "<") || bytes[brace + 2] == UInt8(ascii: "%")
                {
                    let markdown = bytes[brace + 2] == UInt8(ascii: "%")
                    let closer = markdown ? "%}}" : ">}}"
                    guard let close = find(closer, from: brace + 3) else {
                        index = brace + 3
                        continue
                    }
                    flush(brace)
                    let inside = text(brace + 3..<close).trimmingCharacters(in: .whitespacesAndNewlines)
                    index = close + 3
                    if inside.hasPrefix("/*") && inside.hasSuffix("*/") && inside.count >= 4 {
                        // Hugo's way to print a shortcode rather than run it: `{{</* figure */>}}`.
                        let shown = String(inside.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines)
                        pieces.append(.text("{{\(markdown ? "%" : "<") \(shown) \(markdown ? "%" : ">")}}"))
                    } else if var shortcode = Shortcode(inside, markdown: markdown) {
                        shortcode.source = text(brace..<close + 3)
                        if !shortcode.name.hasPrefix("/"), !Shortcode.single.contains(shortcode.name),
                            let end = findShortcodeEnd(shortcode.name, from: index)
                        {
                            shortcode.inner = text(index..<end.start)
                            shortcode.closing = text(end.start..<end.end)
                            index = end.end
                        }
                        pieces.append(.shortcode(shortcode, at: brace))
                    } else {
                        pieces.append(.unreadable(source: text(brace..<close + 3), reason: "not a shortcode Galley can read", at: brace))
                    }
                    textStart = index
                } else if liquid, next == UInt8(ascii: "{"), !isProtected(brace), let close = find("}}", from: brace + 2) {
                    var start = brace + 2, stop = close
                    let trimBefore = start < stop && bytes[start] == UInt8(ascii: "-")
                    if trimBefore { start += 1 }
                    let trimAfter = stop > start && bytes[stop - 1] == UInt8(ascii: "-")
                    if trimAfter { stop -= 1 }
                    let inside = text(start..<stop)
                    // `{{` runs with no closing pair on the same line are text: a brace in prose.
                    guard !inside.contains("\n\n") else {
                        index = brace + 2
                        continue
                    }
                    flush(brace, trimming: trimBefore)
                    let source = text(brace..<close + 2)
                    index = trimAfter ? skippingSpace(from: close + 2) : close + 2
                    if let expression = TemplateExpression(inside) {
                        pieces.append(.output(expression, source: source, at: brace))
                    } else {
                        pieces.append(.unreadable(source: source, reason: "not a value Galley can print", at: brace))
                    }
                    textStart = index
                } else {
                    index = brace + 1
                }
            }
            index = bytes.count
            flush(bytes.count)
            return (pieces, false)
        }

        /// Where `{{< /name >}}` (or `{{% /name %}}`) starts and ends.
        func findShortcodeEnd(_ name: String, from offset: Int) -> (start: Int, end: Int)? {
            func closer(at open: Int) -> Int? {
                guard open + 2 < bytes.count, bytes[open + 2] == UInt8(ascii: "<") || bytes[open + 2] == UInt8(ascii: "%") else { return nil }
                return find(bytes[open + 2] == UInt8(ascii: "%") ? "%}}" : ">}}", from: open + 3)
            }
            let start = searches.answer("{{/" + name, from: offset) {
                var search = offset
                while let open = find("{{", from: search) {
                    search = open + 2
                    guard let close = closer(at: open) else { continue }
                    let inside = text(open + 3..<close).trimmingCharacters(in: .whitespacesAndNewlines)
                    if inside.hasPrefix("/"), inside.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines) == name { return open }
                }
                return nil
            }
            guard let start, let close = closer(at: start) else { return nil }
            return (start, close + 3)
        }
    }
}

/// The answers of forward searches in one text: a search from an offset at or after an earlier
/// one's start, and not past what that one found, has the same answer.
package final class SearchMemo {
    private var answers: [String: (from: Int, found: Int?)] = [:]

    func answer(_ key: String, from offset: Int, search: () -> Int?) -> Int? {
        if let known = answers[key], offset >= known.from, known.found.map({ offset <= $0 }) ?? true {
            return known.found
        }
        let found = search()
        answers[key] = (offset, found)
        return found
    }
}

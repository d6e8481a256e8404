import Blocking
import CCmarkCharacters
import CCmarkGFM
import Foundation
import Text

/// Renders Markdown to HTML with cmark-gfm: GitHub's tables, strikethrough, autolinks, task
/// lists and footnotes, with raw HTML passed through untouched so pasted embeds keep working.
/// Headings get `id`s so readers can link to a section.
package struct MarkdownRenderer: Sendable {
    /// The HTML of a document, and the part of it that stands for the whole in lists and feeds.
    package struct Rendered: Sendable {
        package var html: String
        /// The text before a `<!--more-->` (or `<!-- more -->`) line, or else the first paragraph.
        package var excerpt: String
        /// Whether the excerpt is shorter than the whole.
        package var isTruncated: Bool
        /// Whether a `<!--more-->` line ends the excerpt, where the author marked it.
        package var endsAtMore = false
        /// Code blocks the highlighter gave up on, shown plain: each one's first line in the
        /// Markdown, its language and the seconds it was given.
        package var slowCode: [SlowCode] = []
        /// The links and images that name files of the blog, at lines of the Markdown.
        package var localLinks: [LocalLink] = []

        package init(
            html: String, excerpt: String, isTruncated: Bool, endsAtMore: Bool = false, slowCode: [SlowCode] = [],
            localLinks: [LocalLink] = []
        ) {
            self.html = html
            self.excerpt = excerpt
            self.isTruncated = isTruncated
            self.endsAtMore = endsAtMore
            self.slowCode = slowCode
            self.localLinks = localLinks
        }
    }

    /// A code block that took the highlighter too long.
    package struct SlowCode: Sendable, Equatable {
        package var line: Int
        package var language: String
        package var seconds: Int
    }

    /// The line that ends a post's excerpt, as Hugo, Jekyll and WordPress spell it.
    package static let moreMarker = "<!--more-->"
    /// The same line as Zola spells it.
    static let spacedMoreMarker = "<!-- more -->"

    /// Where the first line that ends the excerpt starts in `html`, however it is spelt.
    static func moreOffset(in html: String) -> Int? {
        let offsets = [moreMarker, spacedMoreMarker].compactMap { UTF8Search.offset(of: $0, in: html) }
        return offsets.min()
    }

    /// The HTML of `html` before the more line at `offset`: a more line written inside a
    /// paragraph (`foo <!--more--> bar`) leaves that paragraph open, and it is closed here.
    static func excerpt(of html: String, before offset: Int) -> String {
        let bytes = Array(html.utf8.prefix(offset))
        func lastOffset(of text: String) -> Int? {
            let wanted = Array(text.utf8)
            guard bytes.count >= wanted.count else { return nil }
            return stride(from: bytes.count - wanted.count, through: 0, by: -1).first { bytes[$0..<$0 + wanted.count].elementsEqual(wanted) }
        }
        var excerpt = String(decoding: bytes, as: UTF8.self)
        if let open = lastOffset(of: "<p>"), open > (lastOffset(of: "</p>") ?? -1) {
            while excerpt.last?.isWhitespace == true { excerpt.removeLast() }
            excerpt += "</p>\n"
        }
        return excerpt
    }

    /// A body written in HTML (a Jekyll or Hugo `.html` post), published as it is: its excerpt
    /// is the text before `<!--more-->`, or else its first `<p>` element.
    package static func passThrough(_ html: String) -> Rendered {
        if let more = moreOffset(in: html) {
            return Rendered(html: html, excerpt: excerpt(of: html, before: more), isTruncated: true, endsAtMore: true)
        }
        let bytes = Array(html.utf8)
        func find(_ text: String, from start: Int) -> Int? {
            bytes.withUnsafeBufferPointer { UTF8Search.offset(of: Array(text.utf8), in: $0, from: start) }
        }
        var index = 0
        while let open = find("<p", from: index) {
            let after = open + 2
            // `<p>` or `<p class=…>`, not `<pre>` or `<picture>`.
            guard after < bytes.count, bytes[after] == UInt8(ascii: ">") || bytes[after] == 0x20 || bytes[after] == 0x0A || bytes[after] == 0x09 else {
                index = after
                continue
            }
            guard let close = find("</p>", from: after) else { break }
            let end = close + 4
            let rest = bytes[end...].contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
            return Rendered(html: html, excerpt: String(decoding: bytes[open..<end], as: UTF8.self), isTruncated: rest || open > 0)
        }
        return Rendered(html: html, excerpt: html, isTruncated: false)
    }

    static let extensions = ["table", "strikethrough", "autolink", "tasklist"]
    // Column alignment as a style: HTML5 dropped the `align` attribute, and a style outranks
    // the theme's own `text-align` for cells.
    static let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES

    /// Highlights fenced code that names its language; without it, code is as cmark writes it.
    package let highlighting: CodeHighlighting?
    /// The rule headings get their ids by.
    let headingIDs: HeadingIDs

    package init(headingIDs: HeadingIDs = .galley) {
        self.init(highlighting: nil, headingIDs: headingIDs)
    }

    package init(highlighting: CodeHighlighting?, headingIDs: HeadingIDs = .galley) {
        Self.registerExtensions
        self.highlighting = highlighting
        self.headingIDs = headingIDs
    }

    // Registration writes a process-wide table, so it happens once, before any parsing.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Whether parsers finish on several threads at once: true once a first parser has finished
    /// and CCmarkCharacters has switched cmark-gfm's extension characters on for good.
    package static var parsersFinishTogether: Bool { galley_cmark_characters_kept() }

    /// Held while a parser finishes, until cmark-gfm's extension characters are on for good;
    /// see ``prepare(_:options:resolvingLinks:deferringCode:)``.
    private static let inlineParsing = Locked<Void>(())

    /// Renders `markdown`.
    package func render(_ markdown: String) -> Rendered {
        render(markdown, options: Self.options)
    }

    /// Renders `markdown`, the destination of each link and image that starts with `@/` (Zola's
    /// links by file) replaced by what `resolvingLinks` gives for it and its line, if anything.
    package func render(_ markdown: String, resolvingLinks: ((_ url: String, _ line: Int) -> String?)?) -> Rendered {
        render(markdown, options: Self.options, resolvingLinks: resolvingLinks)
    }

    private func render(_ markdown: String, options: Int32, resolvingLinks: ((String, Int) -> String?)? = nil) -> Rendered {
        switch prepare(markdown, options: options, resolvingLinks: resolvingLinks, deferringCode: false) {
        case .rendered(let rendered): rendered
        case .unfinished(let unfinished): unfinished.finish()
        }
    }

    /// A body rendered, or rendered but for code the highlighter has yet to answer.
    package enum Prepared: Sendable {
        case rendered(Rendered)
        case unfinished(Unfinished)
    }

    /// A body rendered but for its code blocks, each a placeholder in cmark's HTML until
    /// ``finish()`` has the highlighter's answers: bodies rendered while the highlighter is still
    /// lexing the first of them, rather than each waiting for its own blocks.
    package struct Unfinished: Sendable {
        let markdown: String
        let renderer: MarkdownRenderer
        /// cmark's HTML, heading ids in, before the passes of
        /// ``MarkdownRenderer/finished(_:firstParagraph:blocks:slowCode:localLinks:)``.
        let html: String
        let code: PlacedCode
        let firstParagraph: String?
        let blocks: Int
        package let localLinks: [LocalLink]

        /// The body as ``MarkdownRenderer/render(_:resolvingLinks:)`` renders it, once the
        /// highlighter has answered for its blocks.
        package func finish() -> Rendered {
            guard let highlighting = renderer.highlighting else { return renderer.render(markdown) }
            let answers = highlighting.highlight(code.blocks)
            var slowCode: [SlowCode] = []
            var pieces: [String] = []
            for (index, answer) in answers.enumerated() {
                if case .tooSlow(let seconds) = answer {
                    slowCode.append(SlowCode(line: code.lines[index], language: code.blocks[index].language, seconds: seconds))
                }
                pieces.append(answer.html.map { MarkdownRenderer.highlightedBlock($0, language: code.blocks[index].language) } ?? code.plain[index])
            }
            // A placeholder's characters came from elsewhere after all: rendered again, the blocks in place.
            guard let spliced = code.splice(into: html, pieces) else { return renderer.render(markdown) }
            return MarkdownRenderer.finished(spliced, firstParagraph: { firstParagraph }, blocks: blocks, slowCode: slowCode, localLinks: localLinks)
        }
    }

    /// Renders `markdown` as ``render(_:resolvingLinks:)`` does, except that its code blocks are
    /// left for ``Unfinished/finish()``. Rendered whole all the same when it resolves links
    /// (whose resolver keeps what it found) or may hold a placeholder's characters itself (as
    /// they are, or as a numeric character reference).
    package func prepareDeferringCode(_ markdown: String) -> Prepared {
        let mayHoldPlaceholders = UTF8Search.contains("&#", in: markdown) || UTF8Search.contains("\u{E004}", in: markdown)
            || UTF8Search.contains("\u{E005}", in: markdown)
        return prepare(markdown, options: Self.options, resolvingLinks: nil, deferringCode: highlighting != nil && !mayHoldPlaceholders)
    }

    private func prepare(_ markdown: String, options: Int32, resolvingLinks: ((String, Int) -> String?)?, deferringCode: Bool) -> Prepared {
        let empty = Prepared.rendered(Rendered(html: "", excerpt: "", isTruncated: false))
        guard let parser = cmark_parser_new(options) else { return empty }
        defer { cmark_parser_free(parser) }
        for name in Self.extensions {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        // Finishing parses the inlines, and cmark-gfm switches its extensions' special characters
        // on and off for that in one table shared by the whole process: two at once, and one
        // turns them off under the other's feet. Once CCmarkCharacters has them on for good,
        // parsers finish on every core; where it cannot, one at a time.
        var finished: OpaquePointer?
        if Self.parsersFinishTogether {
            finished = cmark_parser_finish(parser)
        } else {
            Self.inlineParsing.withLock { _ in finished = cmark_parser_finish(parser) }
        }
        guard let document = finished else { return empty }
        defer { cmark_node_free(document) }
        let syntaxExtensions = cmark_parser_get_syntax_extensions(parser)

        // Links are found by cmark, which knows code from text and reference definitions from
        // their uses; a body with no `](` or `]:` has none to find.
        var localLinks: [LocalLink] = []
        if resolvingLinks != nil || UTF8Search.contains("](", in: markdown) || UTF8Search.contains("]:", in: markdown) {
            localLinks = Self.walkLinks(in: document, resolving: resolvingLinks)
        }
        // Most posts hold no raw anchor at all: no need to walk them.
        if UTF8Search.contains("<a", in: markdown) || UTF8Search.contains("<A", in: markdown) {
            Self.unlinkInsideRawAnchors(document)
        }
        var slowCode: [SlowCode] = []
        var placed: PlacedCode?
        if let highlighting, UTF8Search.contains("```", in: markdown) || UTF8Search.contains("~~~", in: markdown) {
            if deferringCode {
                placed = Self.placeCode(in: document, options: options, extensions: syntaxExtensions)
            } else {
                slowCode = Self.highlightCode(in: document, with: highlighting)
            }
        }
        let anchors = insertHeadingMarkers(document, markdown: markdown)
        let rendered = cmark_render_html(document, options, syntaxExtensions)
        let html = anchors.isEmpty ? Self.string(rendered) : Self.applyHeadingAnchors(rendered, anchors)

        // The first paragraph, rendered alone so no other block leaks into the excerpt: wanted
        // unless a `<!--more-->` ends the excerpt (the highlighter's code holds none).
        var blocks = 0
        var paragraph: OpaquePointer?
        var child = cmark_node_first_child(document)
        while let node = child {
            blocks += 1
            if paragraph == nil, cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH { paragraph = node }
            child = cmark_node_next(node)
        }
        let firstParagraph = { () -> String? in
            paragraph.map { Self.footnoteIDs(Self.string(cmark_render_html($0, options, syntaxExtensions)).replacingForbiddenCharacters()) }
        }
        guard let placed else {
            return .rendered(Self.finished(html, firstParagraph: firstParagraph, blocks: blocks, slowCode: slowCode, localLinks: localLinks))
        }
        // The tree is gone by the time the code is in: the paragraph is rendered now.
        let excerpt = Self.moreOffset(in: html) == nil ? firstParagraph() : nil
        return .unfinished(Unfinished(markdown: markdown, renderer: self, html: html, code: placed,
                                      firstParagraph: excerpt, blocks: blocks, localLinks: localLinks))
    }

    /// The passes over cmark's HTML, and the excerpt: the text before a `<!--more-->`, or else
    /// `firstParagraph`, the first paragraph of the `blocks` the document holds.
    static func finished(_ html: String, firstParagraph: () -> String?, blocks: Int, slowCode: [SlowCode], localLinks: [LocalLink]) -> Rendered {
        // cmark passes control characters through, and turns `&#1;` into one: no page or feed may hold them.
        let html = footnoteIDs(html.replacingForbiddenCharacters())
        if let more = moreOffset(in: html) {
            return Rendered(html: html, excerpt: excerpt(of: html, before: more), isTruncated: true, endsAtMore: true, slowCode: slowCode,
                            localLinks: localLinks)
        }
        return Rendered(html: html, excerpt: firstParagraph() ?? "", isTruncated: blocks > 1, slowCode: slowCode, localLinks: localLinks)
    }

    /// Gives each link and image whose destination starts with `@/` the destination `resolve`
    /// makes of it, when it makes one; returns the links and images that name local files.
    static func walkLinks(in document: OpaquePointer, resolving resolve: ((String, Int) -> String?)?) -> [LocalLink] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var local: [LocalLink] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { continue }
            let line = Int(cmark_node_get_start_line(node))
            if url[0] == CChar(UInt8(ascii: "@")), url[1] == CChar(UInt8(ascii: "/")) {
                if let resolve, let address = resolve(String(cString: url), line) { cmark_node_set_url(node, address) }
                continue
            }
            if let link = LocalLink.of(String(cString: url), line: line, column: Int(cmark_node_get_start_column(node)),
                                       isImage: type == CMARK_NODE_IMAGE)
            {
                local.append(link)
            }
        }
        return local
    }

    /// `markdown` as HTML on one line, without the paragraph around it when it is one: a
    /// caption written in a shortcode's argument. Raw HTML in it is left out (its text kept) and unsafe link
    /// addresses emptied (cmark's safe mode), so that an argument cannot open an element.
    package static func inline(_ markdown: String) -> String {
        var html = MarkdownRenderer().render(markdown, options: options & ~CMARK_OPT_UNSAFE).html
        while html.hasSuffix("\n") { html.removeLast() }
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), UTF8Search.offset(of: "<p>", in: String(html.dropFirst(3))) == nil {
            html = String(html.dropFirst(3).dropLast(4))
        }
        // Safe mode leaves a comment where the HTML was: the words around it are enough.
        return html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "").replacingOccurrences(of: "\n", with: " ")
    }

    /// Footnotes named as kramdown (Jekyll) and Goldmark (Hugo) name them, `fn:1` and `fnref:1`,
    /// where cmark-gfm writes `fn-1`: posts moved from those link their notes by those ids. Each
    /// `href="#fn-`, `id="fn-`, `href="#fnref-` and `id="fnref-` gets a colon for its dash.
    static func footnoteIDs(_ html: String) -> String {
        guard UTF8Search.contains("data-footnote", in: html) else { return html }
        // One pass over the bytes finds the dashes of all four (every `f` is a candidate), where
        // a pass for each spelling went over the whole post four times, and made it again.
        var html = html
        let dashes: [Int] = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            func ends(at end: Int, with text: StaticString) -> Bool {
                let count = text.utf8CodeUnitCount
                return end >= count && memcmp(base + end - count, text.utf8Start, count) == 0
            }
            var dashes: [Int] = []
            var index = 0
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "f")), bytes.count - index) {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                index = start + 1
                guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "n") else { continue }
                var dash = start + 2
                if dash + 3 < bytes.count, bytes[dash] == UInt8(ascii: "r"), bytes[dash + 1] == UInt8(ascii: "e"), bytes[dash + 2] == UInt8(ascii: "f") {
                    dash += 3
                }
                guard bytes[dash] == UInt8(ascii: "-"), ends(at: start, with: "href=\"#") || ends(at: start, with: "id=\"") else { continue }
                dashes.append(dash)
            }
            return dashes
        }
        guard !dashes.isEmpty else { return html }
        // Put together from the text's own pieces, which need no checking as new bytes would.
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var copied = 0
        for dash in dashes {
            output += UTF8Search.slice(of: html, from: copied, to: dash)
            output += ":"
            copied = dash + 1
        }
        output += UTF8Search.slice(of: html, from: copied, to: html.utf8.count)
        return output
    }

    static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Takes the links out of text that a raw `<a …>` … `</a>` in the Markdown already links:
    /// the autolink extension links an address such as `me@example.com` wherever it stands, and
    /// a link inside a link is not HTML. The link's text stays where it was.
    static func unlinkInsideRawAnchors(_ node: OpaquePointer) {
        var depth = 0
        unlinkInsideRawAnchors(childrenOf: node, depth: &depth)
    }

    private static func unlinkInsideRawAnchors(childrenOf parent: OpaquePointer, depth: inout Int) {
        var children: [OpaquePointer] = []
        var next = cmark_node_first_child(parent)
        while let child = next {
            children.append(child)
            next = cmark_node_next(child)
        }
        for child in children {
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(child) {
                let tag = String(cString: literal).lowercased()
                if tag.hasPrefix("<a ") || tag.hasPrefix("<a>") || tag.hasPrefix("<a\n") || tag.hasPrefix("<a\t") {
                    depth += 1
                } else if tag.hasPrefix("</a"), depth > 0 {
                    depth -= 1
                }
            } else if type == CMARK_NODE_LINK, depth > 0 {
                while let inner = cmark_node_first_child(child) {
                    cmark_node_insert_before(child, inner)
                }
                cmark_node_unlink(child)
                cmark_node_free(child)
            } else if cmark_node_first_child(child) != nil {
                // A block starts afresh; emphasis and the like carry the open anchor inside.
                if type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG {
                    unlinkInsideRawAnchors(childrenOf: child, depth: &depth)
                } else {
                    var inner = 0
                    unlinkInsideRawAnchors(childrenOf: child, depth: &inner)
                }
            }
        }
    }

    // cmark's HTML writer has no hook for attributes, so each heading gets a marker as its first
    // inline (private-use characters that Markdown text does not contain) which is then turned
    // into an `id` on the heading's opening tag.
    private func insertHeadingMarkers(_ document: OpaquePointer, markdown: String) -> [String] {
        var anchors: [String] = []
        var used: [String: Int] = [:]
        var headings: [OpaquePointer] = []
        BlockWalk.forEach(in: document) { node in
            if cmark_node_get_type(node) == CMARK_NODE_HEADING { headings.append(node) }
        }
        var taken = Set<String>()
        // Only Goldmark's rule reads headings as written, and then every one of them.
        let lines = headingIDs.readsWrittenHeading ? markdown.split(separator: "\n", omittingEmptySubsequences: false) : []
        for heading in headings {
            var base = headingIDs.base(text: Self.plainText(of: heading, prose: headingIDs.prose),
                                       written: Self.writtenText(of: heading, lines: lines))
            if base.isEmpty { base = headingIDs.fallback }
            // `fn-1` would be renamed with the footnotes' ids (see ``footnoteIDs(_:)``) and clash with a note's.
            if base.hasPrefix("fn-") || base.hasPrefix("fnref-") { base = "section-" + base }
            // `Notes`, `Notes` and `Notes 1` give notes, notes-1 and notes-1-1: every id once.
            var count = used[base, default: 0]
            var anchor = count == 0 ? base : "\(base)-\(count)"
            while taken.contains(anchor) {
                count += 1
                anchor = "\(base)-\(count)"
            }
            used[base] = count + 1
            taken.insert(anchor)
            guard let marker = cmark_node_new(CMARK_NODE_HTML_INLINE) else { continue }
            cmark_node_set_literal(marker, "\u{E000}\(anchors.count)\u{E001}")
            cmark_node_prepend_child(heading, marker)
            anchors.append(anchor)
        }
        return anchors
    }

    /// The heading's line as written, for Goldmark's rule: an ATX heading's one line, or a
    /// setext heading's last line of text (the one above its `===` or `---`), from the column
    /// the heading starts at.
    private static func writtenText(of heading: OpaquePointer, lines: [Substring]) -> String {
        let first = Int(cmark_node_get_start_line(heading)) - 1
        let last = min(Int(cmark_node_get_end_line(heading)) - 1, lines.count - 1)
        guard first >= 0, first <= last else { return "" }
        // The heading's own column: inside a quote or a list its line starts with their marks.
        let column = max(0, Int(cmark_node_get_start_column(heading)) - 1)
        let opening = Substring(lines[first].utf8.dropFirst(column))
        if opening.drop(while: { $0 == " " }).hasPrefix("#") { return HeadingIDs.writtenText(ofLine: opening) }
        let underline = (first...last).last { number in
            let marks = lines[number].trimmingCharacters(in: .whitespaces).drop { $0 == ">" || $0 == " " }
            return !marks.isEmpty && (marks.allSatisfy { $0 == "=" } || marks.allSatisfy { $0 == "-" })
        }
        let number = max(first, (underline ?? last + 1) - 1)
        return HeadingIDs.writtenText(ofLine: number == first ? opening : lines[number])
    }

    /// The text of `node`: its text and code, `prose` applied to the text outside code.
    private static func plainText(of node: OpaquePointer, prose: (String) -> String = { $0 }) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(child) {
                text += prose(String(cString: literal))
            } else if type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(child) {
                text += String(cString: literal)
            }
        }
        return text
    }

    /// cmark's HTML with each heading marker turned into the heading's `id`, made into a String
    /// in one pass: copied and checked once rather than once as it comes and again once edited.
    /// Frees `pointer`.
    private static func applyHeadingAnchors(_ pointer: UnsafeMutablePointer<CChar>?, _ anchors: [String]) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        let ids = anchors.map { Array(" id=\"\($0)\">".utf8) }
        return String(unsafeUninitializedCapacity: bytes.count + ids.reduce(0) { $0 + $1.count }) { output in
            var written = 0
            func copy(_ source: UnsafeBufferPointer<UInt8>.SubSequence) {
                guard !source.isEmpty else { return }
                memcpy(output.baseAddress! + written, UnsafeBufferPointer(rebasing: source).baseAddress!, source.count)
                written += source.count
            }
            // The markers are private-use characters: U+E000 is EE 80 80 and U+E001 is EE 80 81.
            // Only a marker's first byte matters to the scan, which memchr makes many bytes at a
            // time; everything between is copied whole. Markers come in the order of the
            // headings, each once: anything else that looks like one (the same characters in the
            // text itself) stays text, so each id is written once, in the room made for it.
            var nextMarker = 0
            var copied = 0
            var index = 0
            while index < bytes.count, let hit = memchr(bytes.baseAddress! + index, 0xEE, bytes.count - index) {
                let found = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
                index = found + 1
                guard found > 0, bytes[found - 1] == UInt8(ascii: ">"), found + 2 < bytes.count, bytes[found + 1] == 0x80,
                    bytes[found + 2] == 0x80
                else { continue }
                var end = found + 3
                var number = 0
                // No more digits than a heading count has: a longer run is not a marker.
                while end < bytes.count, end - found < 3 + 9, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                    number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                    end += 1
                }
                guard end > found + 3, end + 2 < bytes.count, bytes[end] == 0xEE, bytes[end + 1] == 0x80, bytes[end + 2] == 0x81,
                    number == nextMarker, ids.indices.contains(number)
                else { continue }
                nextMarker += 1
                // Everything up to the `>` the marker follows, then the id and the `>` again.
                copy(bytes[copied..<(found - 1)])
                ids[number].withUnsafeBufferPointer { copy($0[...]) }
                copied = end + 3
                index = copied
            }
            copy(bytes[copied...])
            return written
        }
    }
}

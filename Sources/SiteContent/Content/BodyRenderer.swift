import Blocking
import Diagnostics
import Digests
import FileSystem
import Foundation
import Markdown
import Shortcodes
import Text

/// Turns a document's body into HTML: its Jekyll and Hugo templates run, its math kept whole,
/// its Markdown rendered, and its root-relative links put under the base URL's path.
///
/// One per build. The other documents' addresses, which links by name need, are known only
/// once every document is read: ``know(_:)`` gives them, before any body that needs them renders.
package final class BodyRenderer: Sendable {
    package let markdown: MarkdownRenderer
    private let site: TemplateValue
    private let links: Links
    /// Whether Liquid runs in bodies (``Conventions/liquid``).
    private let liquid: Bool?
    /// Emoji by name, for `emoji: true` (``Conventions/emoji``).
    private let emoji: [String: String]?

    /// The digest of the emoji names bodies are rendered with, if any: bodies rendered with
    /// others (none, before python3-emoji was there) are rendered again.
    package var emojiFingerprint: Fingerprint {
        guard let emoji else { return Fingerprint() }
        var builder = Fingerprint.Builder()
        for (name, character) in emoji.sorted(by: { $0.key < $1.key }) {
            builder.add(name)
            builder.add(character)
        }
        return builder.finish()
    }
    /// How math is read (``Conventions/mathSyntax``).
    private let mathSyntax: Conventions.MathSyntax
    /// What typesets math as MathML; nil leaves it as TeX.
    package let typesetting: MathTypesetting?
    private let documents = Locked<(@Sendable () -> BodyLinks)?>(nil)
    private let madeLinks = Locked<BodyLinks?>(nil)

    /// What a body came to.
    package struct Result: Sendable {
        package var rendered: MarkdownRenderer.Rendered
        /// Problems with its templates: warnings, and errors that stop the build.
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        var references: [BodyReference] = []
        /// Its links and images to files of the blog, at lines of the file.
        var localLinks: [LocalLink] = []
    }

    private let themeShortcodes: @Sendable (_ name: String, _ values: [String: TemplateValue]) -> String?

    /// A renderer for the blog with `config`, whose theme renders its own shortcodes with
    /// `shortcodes`, whose code `highlighting` highlights and whose math `typesetting` typesets.
    package init(config: SiteConfig, highlighting: CodeHighlighting? = nil, emoji: [String: String]? = nil, typesetting: MathTypesetting? = nil,
         shortcodes: @escaping @Sendable (_ name: String, _ values: [String: TemplateValue]) -> String? = { _, _ in nil }) {
        markdown = MarkdownRenderer(highlighting: highlighting, headingIDs: config.headingIDs)
        mathSyntax = config.conventions.mathSyntax
        self.typesetting = typesetting
        themeShortcodes = shortcodes
        links = Links(baseURL: config.baseURL)
        liquid = config.conventions.liquid
        self.emoji = emoji
        var values: [String: TemplateValue] = [:]
        for (key, value) in config.params { values[key] = TemplateValue(value) }
        // Jekyll splits the base URL in two: `url` (the origin) and `baseurl` (the path).
        let origin = String(links.base.dropLast(links.basePath.count))
        values["url"] = .text(origin)
        values["baseurl"] = .text(String(links.basePath.dropLast()))
        values["title"] = .text(config.title)
        values["description"] = .text(config.description)
        site = .map(values)
    }

    /// Gives the addresses links by name resolve to; `make` runs when a body first needs them.
    package func know(_ make: @escaping @Sendable () -> BodyLinks) {
        documents.withLock { $0 = make }
        madeLinks.withLock { $0 = nil }
    }

    /// The addresses of the build's documents.
    func documentLinks() -> BodyLinks {
        if let made = madeLinks.withLock({ $0 }) { return made }
        let made = documents.withLock { $0 }?() ?? BodyLinks(documents: [])
        madeLinks.withLock { $0 = made }
        return made
    }

    /// Where `references`, made by an earlier build, lead now: the same places or not.
    package func stillLeadTo(_ references: [BodyReference]) -> Bool {
        guard !references.isEmpty else { return true }
        let links = documentLinks()
        return references.allSatisfy { reference in
            let document = links.document(named: reference.name).flatMap(links.path(of:))
            let other = reference.orFile ? links.staticFile(named: reference.name) : links.termPage(named: reference.name)
            return (document ?? other) == reference.path
        }
    }

    /// Renders the body of `document`.
    package func render(_ document: Document) -> Result {
        prepare(document, deferringCode: false).finish()
    }

    /// Renders the body of `document` but for code blocks the highlighter has yet to answer,
    /// which ``PreparedBody/finish()`` waits for: a build renders every body first, while the
    /// highlighter lexes, and then puts each one's code in.
    package func prepare(_ document: Document) -> PreparedBody {
        prepare(document, deferringCode: true)
    }

    /// A body rendered, its highlighted code perhaps still to come.
    package struct PreparedBody: Sendable {
        fileprivate var result: Result
        fileprivate let unfinished: MarkdownRenderer.Unfinished?
        fileprivate let renderer: BodyRenderer
        fileprivate let document: (sourcePath: String, bodyLine: Int)
        /// The math to put back, once the Markdown is rendered; nil for a body written in HTML.
        fileprivate let math: (spans: MathSpans, mathML: [String?])?
        /// Where the warnings of code too slow to highlight go among the others.
        fileprivate let slowCodeAt: Int

        /// Whether the body waits for the highlighter.
        package var isFinished: Bool { unfinished == nil }

        /// The body, whole.
        package func finish() -> Result {
            var result = result
            if let unfinished { result.rendered = unfinished.finish() }
            var rendered = result.rendered
            let slowCode = rendered.slowCode.map { slow in
                // Lines of the Markdown as rendered: the body's own, as templates keep them.
                Diagnostic(path: document.sourcePath, line: document.bodyLine + slow.line - 1, message:
                    "this \(slow.language) code block took Pygments longer than \(slow.seconds) s to highlight; it is shown as plain code")
            }
            result.warnings.insert(contentsOf: slowCode, at: slowCodeAt)
            if let math {
                rendered.html = math.spans.restore(rendered.html, typeset: math.mathML)
                rendered.excerpt = math.spans.restore(rendered.excerpt, typeset: math.mathML)
            }
            rendered.html = renderer.underBasePath(rendered.html)
            rendered.excerpt = renderer.underBasePath(rendered.excerpt)
            result.rendered = rendered
            return result
        }
    }

    private func prepare(_ document: Document, deferringCode: Bool) -> PreparedBody {
        var text = document.body
        var result = Result(rendered: MarkdownRenderer.Rendered(html: "", excerpt: "", isTruncated: false), warnings: document.readWarnings)
        let single = mathSyntax.singleBackslashDelimiters
        let mayHoldMath = !document.isHTML && (UTF8Search.contains("$$", in: text) || UTF8Search.contains("\\\\", in: text)
            || single && (UTF8Search.contains("\\(", in: text) || UTF8Search.contains("\\[", in: text)))
        if BodyTemplate.mayHoldTemplates(text) {
            let regions = document.isHTML ? MarkdownRegions("") : MarkdownRegions(text, singleBackslashMath: single)
            let liquid = liquid ?? !document.frontMatterIsTOML
            let expanded = BodyTemplate(text, protected: regions.protected, liquid: liquid).expand(in: scope(for: document))
            note(expanded.notes, in: text, of: document, into: &result)
            text = expanded.text
            result.references += expanded.references
        }
        let place = (sourcePath: document.sourcePath, bodyLine: document.bodyLine)
        if document.isHTML {
            result.rendered = MarkdownRenderer.passThrough(text)
            return PreparedBody(result: result, unfinished: nil, renderer: self, document: place, math: nil, slowCodeAt: result.warnings.count)
        }
        if let emoji, UTF8Search.contains(byte: UInt8(ascii: ":"), in: text) {
            text = EmojiNames.replacing(in: text, protected: MarkdownRegions(text, singleBackslashMath: single).protected, names: emoji)
        }
        var math = MathSpans(syntax: mathSyntax)
        // Formulas' offsets are in the text before their markers went in.
        let withMath = text
        if mayHoldMath { text = math.protect(text, regions: MarkdownRegions(text, singleBackslashMath: single).math) }
        let contentLinks = ContentPathLinks.mayHold(text) ? ContentPathLinks(links: documentLinks(), basePath: links.basePath) : nil
        let prepared: MarkdownRenderer.Prepared
        if deferringCode, contentLinks == nil {
            prepared = markdown.prepareDeferringCode(text)
        } else {
            prepared = .rendered(markdown.render(text, resolvingLinks: contentLinks.map { found in { found.address(for: $0, line: $1) } }))
        }
        if let contentLinks {
            result.references += contentLinks.references
            for note in contentLinks.notes {
                // Lines of the Markdown as rendered: the body's own, as templates keep them.
                let diagnostic = Diagnostic(path: document.sourcePath, line: document.bodyLine + note.line - 1, message: note.message)
                if note.isError { result.errors.append(diagnostic) } else { result.warnings.append(diagnostic) }
            }
        }
        let slowCodeAt = result.warnings.count
        var unfinished: MarkdownRenderer.Unfinished?
        let localLinks: [LocalLink]
        switch prepared {
        case .rendered(let rendered):
            result.rendered = rendered
            localLinks = rendered.localLinks
        case .unfinished(let body):
            unfinished = body
            localLinks = body.localLinks
        }
        // Lines of the Markdown as rendered: the body's own, as templates keep them.
        result.localLinks = localLinks.map { link in
            var link = link
            link.line += document.bodyLine - 1
            return link
        }
        let mathML = typeset(math, in: withMath, of: document, into: &result)
        return PreparedBody(result: result, unfinished: unfinished, renderer: self, document: place, math: (math, mathML), slowCodeAt: slowCodeAt)
    }

    /// Each formula of `math` as MathML, or nil where it stays TeX; a warning at its line for
    /// each whose TeX the typesetter could not read.
    private func typeset(_ math: MathSpans, in text: String, of document: Document, into result: inout Result) -> [String?] {
        guard let typesetting, !math.spans.isEmpty else { return [] }
        let (mathML, errors) = typesetting.typeset(math.spans.map(\.formula))
        guard !errors.isEmpty else { return mathML }
        let lines = LineCounter(text, firstLine: document.bodyLine)
        for (index, message) in errors.sorted(by: { $0.key < $1.key }) {
            result.warnings.append(Diagnostic(path: document.sourcePath, line: lines.line(at: math.spans[index].offset), message:
                "this formula is left as TeX: \(message)"))
        }
        return mathML
    }

    /// Adds `notes`, at byte offsets of `body`, to `result` as warnings and errors at lines.
    private func note(_ notes: [ExpandedBody.Note], in body: String, of document: Document, into result: inout Result) {
        guard !notes.isEmpty else { return }
        let lines = LineCounter(body, firstLine: document.bodyLine)
        // A loop says a thing once for each turn: once is enough.
        var said = Set<String>()
        for note in notes where said.insert("\(note.offset) \(note.message)").inserted {
            let diagnostic = Diagnostic(path: document.sourcePath, line: lines.line(at: note.offset), message: note.message)
            if note.isError { result.errors.append(diagnostic) } else { result.warnings.append(diagnostic) }
        }
    }

    /// A warning for an `image` in `document`'s front matter that no link preview can show
    /// (`javascript:…`, a path that climbs out of the blog): it is left out of the page. An SVG
    /// is kept, since it is the writer's file, but warned of: previews do not show SVG.
    func shareImageProblem(in document: Document) -> Diagnostic? {
        guard let written = ImageKey.written(in: document.params) else { return nil }
        let line = ImageKey.line(in: document.params)
        guard ShareImage.address(written, folder: ShareImage.folder(of: document), links: links) == nil else {
            guard ImageKey.isVectorImage(written) else { return nil }
            return Diagnostic(path: document.sourcePath, line: line, message: ImageKey.vectorImageProblem(written))
        }
        return Diagnostic(path: document.sourcePath, line: line, message:
            "image '\(written.prefix(200))' is not a picture a link preview can show: give a file beside the post, a path under the blog's root (/images/a.png) or an http(s) address; the page has no preview picture")
    }

    /// Renders a front matter summary, which is Markdown without templates.
    func renderSummary(_ markdown: String) -> String { underBasePath(self.markdown.render(markdown).html) }

    /// Root-relative links (`/images/a.png`) point at the blog's root, which under a base URL
    /// with a path (`https://example.com/blog/`) is `/blog/images/a.png`. A link already under
    /// that path, as `{{ site.baseurl }}/…` writes it, is left alone.
    func underBasePath(_ html: String) -> String {
        guard links.basePath != "/" else { return html }
        return LinkRebasing.rootRelative(html, under: links.basePath)
    }

    private func scope(for document: Document) -> BodyScope {
        var page: [String: TemplateValue] = [:]
        for (key, value) in document.params { page[key] = TemplateValue(value) }
        page["title"] = .text(document.title)
        page["url"] = .text(links.url(document.path))
        page["slug"] = .text(document.slug)
        return BodyScope(site: site, page: .map(page), base: links.base, basePath: links.basePath, links: { [self] in documentLinks() },
                         theme: themeShortcodes)
    }
}

/// Turns byte offsets in a text into line numbers.
package struct LineCounter {
    private let newlines: [Int]
    private let firstLine: Int

    init(_ text: String, firstLine: Int) {
        var newlines: [Int] = []
        for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { newlines.append(offset) }
        self.newlines = newlines
        self.firstLine = firstLine
    }

    /// The line holding the byte at `offset`.
    func line(at offset: Int) -> Int {
        var low = 0, high = newlines.count
        while low < high {
            let middle = (low + high) / 2
            if newlines[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return firstLine + low
    }
}

import Diagnostics
import Digests
import Foundation
import LayoutScanning
import Mustache
import SiteContent
import SiteSource

/// The Mustache layouts a build renders with: the default theme built into Galley, with any file
/// of the blog's own `layouts/` folder taking the place of the one with the same name.
///
/// Layouts use partials (`{{> header}}`) and inheritance (`{{< base}}{{$main}}…{{/main}}{{/base}}`).
package struct Theme: Sendable {
    /// The folder of a blog that holds its own layouts.
    package static let folder = "layouts"

    private(set) var library: MustacheLibrary
    /// Every layout name, such as `post` or `base`.
    package let layoutNames: Set<String>
    /// Files the theme publishes (its stylesheet), by output path.
    package let assets: [String: Data]
    /// Where each layout came from, for messages and for knowing what a rebuild depends on.
    package let origins: [String: String]
    /// The digest of every layout and theme file: pages rendered with another theme are outdated.
    package let fingerprint: Fingerprint
    /// Which of a listed post's values each layout can show, by the names it reads (see ``LayoutReads``).
    let listingFields: [String: ListingFields]
    /// The names each layout can read (see ``LayoutReads``); nil for one that may read any.
    let names: [String: Set<String>?]
    /// The layouts whose output is the same on every page of a build (see ``LayoutReads/siteOnly(in:)``).
    let siteOnly: Set<String>
    /// Each layout's text by name, as it was read, for whatever reads the layouts beside rendering them.
    package let texts: [String: String]
    /// The theme's own words in each language it has (`layouts/strings/`).
    let strings: ThemeStrings
    /// Whether a layout shows `page.anchored_content`, the body with a link on each heading,
    /// which is then made for every post and page.
    package let readsAnchoredContent: Bool
    /// The theme's words in the site's language, with galley.yml's `strings:` on top; set by
    /// ``speaking(_:log:)`` once the settings are read.
    package private(set) var words: [String: String] = [:]
    /// What is worth saying of the blog's layouts without stopping the build: files in
    /// `layouts/` that are not read for their name.
    package var warnings: [Diagnostic] = []
    /// The steps this build's renders may take, shared by every copy of the theme.
    var work = RenderWork()

    /// The default theme's stylesheet, for Galley's own pages (the index of previews) to look
    /// like the blogs it builds.
    package static var defaultStylesheet: String {
        DefaultThemeFiles.base64["static/style.css"].flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The default theme, with the blog's `layouts/` on top.
    package static func load(from tree: any SourceTree) throws(BuildFailure) -> Theme {
        var sources: [String: (text: String, origin: String)] = [:]
        var assets: [String: Data] = [:]
        var log = DiagnosticLog()
        var strings = ThemeStrings()
        for (path, encoded) in DefaultThemeFiles.base64.sorted(by: { $0.key < $1.key }) {
            guard let data = Data(base64Encoded: encoded) else { continue }
            if let language = ThemeStrings.language(ofFile: path) {
                strings.add(String(decoding: data, as: UTF8.self), language: language, path: "(default theme) layouts/\(path)", log: &log)
            } else if path.hasPrefix("static/") {
                assets[String(path.dropFirst("static/".count))] = data
            } else if path.hasSuffix(".mustache") {
                sources[String(path.dropLast(".mustache".count))] = (String(decoding: data, as: UTF8.self), "(default theme) layouts/\(path)")
            }
        }
        let overrides: [String]
        do {
            overrides = try tree.files(under: folder)
        } catch {
            throw BuildFailure(SourceTreeError.diagnostics(for: error, listing: folder))
        }
        for path in overrides {
            if let language = ThemeStrings.language(ofFile: String(path.dropFirst(folder.count + 1))) {
                do {
                    let text = try tree.text(of: path)
                    strings.add(text, language: language, path: path, log: &log)
                } catch {
                    log.report(error)
                }
                continue
            }
            guard path.hasSuffix(".mustache") else { continue }
            let name = String(path.dropFirst(folder.count + 1).dropLast(".mustache".count))
            do {
                let text = try tree.text(of: path)
                guard text.utf8.count <= InputLimits.layoutBytes else {
                    log.report(Diagnostic(path: path, message:
                        "layout of \(text.utf8.count / 1024) KB is more than Galley reads (\(InputLimits.layoutBytes / 1024) KB); split it into partials"))
                    continue
                }
                sources[name] = (text.replacingForbiddenCharacters(), path)
            } catch {
                log.report(error)
            }
        }

        HTMLEscaping.register
        var library = MustacheLibrary()
        var scans: [String: LayoutScan] = [:]
        for (name, source) in sources {
            // Read first by a parser that does not recurse: swift-mustache's recurses once for
            // each section inside another.
            let scan = LayoutScan(source.text)
            if let line = scan.tooDeep {
                log.report(Diagnostic(path: source.origin, line: line, message:
                    "sections, blocks and parents nest more than \(InputLimits.layoutDepth) levels deep"))
                continue
            }
            if scan.tags > InputLimits.layoutTags {
                log.report(Diagnostic(path: source.origin, message:
                    "layout of \(scan.tags) tags is more than Galley reads (\(InputLimits.layoutTags)); split it into partials"))
                continue
            }
            scans[name] = scan
            do {
                try library.register(HTMLEscaping.pragma + source.text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                log.report(sectionProblem(error.error, scan: scan, path: source.origin)
                    ?? Diagnostic(path: source.origin, line: max(1, error.context.lineNumber - 1), message: describe(error.error)))
            } catch {
                log.report(Diagnostic(path: source.origin, message: "cannot read layout: \(error)"))
            }
        }
        try log.check()
        log.report(contentsOf: LayoutGraph.problems(scans, origins: sources.mapValues(\.origin)))
        try log.check()
        let parts = sources.sorted { $0.key < $1.key }.map { Fingerprint.of($0.key + "\u{0}" + $0.value.text) }
            + assets.sorted { $0.key < $1.key }.map { Fingerprint(Fingerprint.of($0.key), Fingerprint.of($0.value)) }
            + strings.fingerprintParts
        let texts = sources.mapValues(\.text)
        // Every layout's scan, made above, is read again for what it reads rather than made anew.
        let names = LayoutReads.names(scanned: scans)
        var theme = Theme(library: library, layoutNames: Set(sources.keys), assets: assets, origins: sources.mapValues(\.origin),
                     fingerprint: Fingerprint(parts, label: "theme"),
                     listingFields: names.mapValues(ListingFields.init(names:)), names: names,
                     siteOnly: LayoutReads.siteOnly(in: texts, scanned: scans),
                     texts: texts, strings: strings,
                     readsAnchoredContent: texts.values.contains { $0.contains("anchored_content") },
                     words: strings.words(for: ThemeStrings.fallbackLanguage))
        theme.warnings = MisnamedLayouts.warnings(for: overrides, names: Set(sources.keys), folder: folder)
        return theme
    }

    /// The theme with its words in the language of `config`, and galley.yml's `strings:` in
    /// place of any of them; a `strings:` that is not a mapping of texts is reported in `log`.
    package func speaking(_ config: SiteConfig, log: inout DiagnosticLog) -> Theme {
        var theme = self
        theme.words = strings.words(for: config, log: &log)
        return theme
    }

    /// The list values of posts that the layout `name` can show; all of them for a name unknown.
    /// The layout a document asking for `name` renders with: that one when the theme has it,
    /// `fallback` otherwise (a blog from another generator names its own theme's layouts).
    package func layout(named name: String?, or fallback: String) -> String {
        guard let name, layoutNames.contains(name) else { return fallback }
        return name
    }

    package func fields(of name: String) -> ListingFields { listingFields[name] ?? .all }

    /// Whether the layout `name` can read the value `value`: a value no layout reads need not be made.
    package func reads(_ value: String, in name: String) -> Bool {
        guard let known = names[name], let known else { return true }
        return known.contains(value)
    }

    /// The theme with each layout that shows only `site` values rendered once, with `site`,
    /// and kept as plain text: the header and footer of ten thousand pages are then copied,
    /// not worked out ten thousand times. A layout whose output holds `{{` is left as it is.
    package func renderingOnce(site: [String: Any]) -> Theme {
        var theme = self
        for name in siteOnly.sorted() {
            let text = render(name, object: ["site": site])
            guard !text.contains("{{") else { continue }
            try? theme.library.register(text, named: name)
        }
        return theme
    }

    /// Renders the layout `name` with `context`.
    package func render(_ name: String, _ context: [String: Any]) -> String {
        render(name, object: context)
    }

    /// Renders the layout `name` with values of any type swift-mustache reads, such as stand-ins
    /// of a renderer's own. A dictionary's values are counted as the render goes (see
    /// ``RenderBudget``); a render that goes past its steps is told by ``renderOverruns``.
    package func render(_ name: String, object: Any) -> String {
        let budget = work.budget()
        let text = render(name, counted: object is any StringKeyed ? budget.counted(object) : object)
        let page = ((object as? [String: Any])?["page"] as? [String: Any])?["url"] as? String
        work.settle(budget, layout: name, page: page)
        return text
    }

    /// Renders `name` with `object` as it is: stand-ins that count their own steps.
    func render(_ name: String, counted object: Any) -> String {
        library.render(object, withTemplate: name) ?? ""
    }

    /// A budget for a render of stand-ins (see ``SkeletonRecorder``), which end the render
    /// themselves past it and are not told as an overrun: the page is then rendered as it is.
    func skeletonBudget() -> RenderBudget { work.budget() }

    /// The layouts whose renders went past their steps so far, each at its file: the build must
    /// fail, since what they printed was cut short.
    package var renderOverruns: [Diagnostic] {
        var byLayout: [String: [RenderWork.Overrun]] = [:]
        // Once a render has used up the build's steps, the renders after it start with none:
        // those of other layouts are not said beside it, or a layout nobody touched is named
        // first, at 0 steps.
        let overruns = work.overruns
        let culprits = Set(overruns.filter { $0.steps > 0 }.map(\.layout))
        for overrun in overruns where culprits.isEmpty || culprits.contains(overrun.layout) {
            byLayout[overrun.layout, default: []].append(overrun)
        }
        return byLayout.sorted { $0.key < $1.key }.map { layout, overruns in
            let first = overruns[0]
            let pages = (first.page.map { "rendering \($0)" } ?? "rendering it") + (overruns.count > 1 ? " (and \(overruns.count - 1) more pages)" : "")
            return Diagnostic(path: origins[layout] ?? "\(Self.folder)/\(layout).mustache", message:
                "\(pages) took more than \(first.steps) steps (values looked up, items of lists gone through) and was stopped: "
                + "sections over lists inside one another repeat what they hold for every item of each, so a few nested deep render billions of times")
        }
    }

    /// A section the parser found unclosed, or closed by another name, said at the line where it
    /// opens (where the parser, which reads to the end first, cannot point) and by its name.
    private static func sectionProblem(_ error: Error, scan: LayoutScan, path: String) -> Diagnostic? {
        switch error as? MustacheTemplate.Error {
        case .expectedSectionEnd?:
            guard let open = scan.unclosed else { return nil }
            return Diagnostic(path: path, line: open.line, column: open.column, message:
                "'{{\(open.sigil)\(open.name)}}' opened here is never closed: add {{/\(open.name)}} where it ends")
        case .sectionCloseNameIncorrect?:
            guard let (open, name, line, column) = scan.misclosed else { return nil }
            return Diagnostic(path: path, line: line, column: column, message:
                "'{{/\(name)}}' closes '{{\(open.sigil)\(open.name)}}', opened on line \(open.line): close it with {{/\(open.name)}} first")
        default:
            return nil
        }
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else {
            // swift-mustache's reader says only "overflow" when the file ends inside a tag.
            if "\(error)" == "overflow" { return "the file ends inside a tag: it is not closed with }}" }
            return "layout error: \(error)"
        }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is opened but never closed"
        case .invalidSetDelimiter: return "malformed set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot be applied to a block"
        case .illegalTokenInsideInheritSection: return "only blocks ({{$name}}…{{/name}}) may stand inside {{< layout}}"
        case .textInsideInheritSection: return "only blocks ({{$name}}…{{/name}}) may stand inside {{< layout}}"
        case .invalidConfigVariableSyntax: return "malformed {{% pragma }} tag"
        case .unrecognisedConfigVariable: return "unknown {{% pragma }}"
        }
    }
}

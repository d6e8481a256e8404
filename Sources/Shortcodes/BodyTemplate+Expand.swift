import Diagnostics
import Foundation
import Text

/// What a body's templates read (`site.…`, `page.…`) and link to.
package struct BodyScope: Sendable {
    /// `site`: galley.yml's keys, and `url` and `baseurl` as Jekyll splits the base URL.
    var site: TemplateValue
    /// `page`: the document's front matter, title, address and slug.
    var page: TemplateValue
    /// The base URL, ending in `/`, and its path part (`/blog/`).
    var base: String
    var basePath: String
    /// The other documents, made when a link first needs them.
    var links: @Sendable () -> BodyLinks
    /// The theme's own shortcodes (`layouts/shortcodes/NAME.mustache`): the HTML of one, or nil
    /// when the theme has none of that name.
    var theme: @Sendable (_ name: String, _ values: [String: TemplateValue]) -> String? = { _, _ in nil }

    package init(
        site: TemplateValue, page: TemplateValue, base: String, basePath: String, links: @escaping @Sendable () -> BodyLinks,
        theme: @escaping @Sendable (_ name: String, _ values: [String: TemplateValue]) -> String? = { _, _ in nil }
    ) {
        self.site = site
        self.page = page
        self.base = base
        self.basePath = basePath
        self.links = links
        self.theme = theme
    }
}

/// A body with its templates run: Markdown again, ready for the Markdown renderer.
package struct ExpandedBody: Sendable {
    /// Something a body's template did that its author should hear about, at a byte offset.
    package struct Note: Sendable, Equatable {
        package var offset: Int
        package var message: String
        /// Whether the build must stop: a link to a post that is not there.
        package var isError: Bool
    }

    package var text: String
    package var notes: [Note] = []
    /// What each link by name pointed at, so a later build can tell when one moved.
    package var references: [BodyReference] = []
}

/// A link a body makes by a document's name, and the site path it led to.
package struct BodyReference: Sendable, Equatable {
    /// The name as written (`2013-05-06-hello`, `_posts/2013-05-06-hello.md`).
    package var name: String
    /// The site path it resolved to; nil when nothing has that name.
    package var path: String?
    /// Whether it is a `{% link %}`, which leads to the blog's static file of its name when no
    /// document has that name (rather than to a tag's or category's page): a file that comes
    /// or goes moves it.
    package var orFile: Bool

    package init(name: String, path: String?, orFile: Bool = false) {
        self.name = name
        self.path = path
        self.orFile = orFile
    }
}

extension BodyTemplate {
    /// The most a body may grow to by its loops: a loop inside a loop multiplies.
    static let outputLimit = InputLimits.markdownBytes
    /// The most text a body's filters may go over, all told: a value doubled by `append` twenty
    /// times and then `replace`d in a loop of a hundred thousand turns printed nothing big but
    /// would have taken hours.
    static let filterWorkLimit = 16 * outputLimit

    /// Runs the templates in `self` against `scope`.
    package func expand(in scope: BodyScope) -> ExpandedBody {
        var run = Expansion(scope: scope)
        run.expand(pieces, locals: [:])
        return ExpandedBody(text: String(decoding: run.output, as: UTF8.self), notes: run.notes, references: run.references)
    }

    private struct Expansion {
        let scope: BodyScope
        var output: [UInt8] = []
        var notes: [ExpandedBody.Note] = []
        var references: [BodyReference] = []
        var stopped = false
        /// Loop turns so far; bounded so that nested loops cannot run for ever.
        var turns = 0
        /// Bytes the filters have gone over so far (see ``BodyTemplate/filterWorkLimit``).
        var filterWork = 0
        var links: BodyLinks?

        init(scope: BodyScope) { self.scope = scope }

        mutating func emit(_ text: String) {
            guard !stopped else { return }
            output.append(contentsOf: text.utf8)
            if output.count > BodyTemplate.outputLimit {
                stopped = true
                notes.append(.init(offset: 0, message: "its templates make more than \(BodyTemplate.outputLimit >> 20) MB of text", isError: true))
            }
        }

        mutating func warn(_ offset: Int, _ message: String) { notes.append(.init(offset: offset, message: message, isError: false)) }

        mutating func expand(_ pieces: [Piece], locals: [String: TemplateValue]) {
            var locals = locals
            for piece in pieces where !stopped {
                switch piece {
                case .text(let text): emit(text)
                case .output(let expression, let source, let offset):
                    emit(evaluate(expression, locals: locals, source: source, at: offset).printed)
                case .tag(let name, let arguments, let source, let offset):
                    tag(name, arguments, source: source, at: offset, locals: &locals)
                case .highlight(let arguments, let code, _):
                    let language = arguments.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
                    fence(code, language: language)
                case .loop(let arguments, let body, let offset):
                    loop(arguments, body: body, at: offset, locals: locals)
                case .shortcode(let shortcode, let offset):
                    self.shortcode(shortcode, at: offset)
                case .unreadable(let source, let reason, let offset):
                    warn(offset, "\(Self.quoted(source)) is \(reason); it is printed as it is")
                    emit(source)
                }
            }
        }

        static func quoted(_ source: String) -> String {
            let flat = source.split(whereSeparator: \.isNewline).joined(separator: " ")
            return flat.count > 80 ? String(flat.prefix(77)) + "…" : flat
        }

        // MARK: Values

        func lookup(_ path: [String], locals: [String: TemplateValue]) -> TemplateValue? {
            guard let root = path.first else { return nil }
            var value: TemplateValue
            if let local = locals[root] {
                value = local
            } else if root == "site" {
                value = scope.site
            } else if root == "page" {
                value = scope.page
            } else {
                return nil
            }
            for key in path.dropFirst() {
                guard let next = value[key] else { return nil }
                value = next
            }
            return value
        }

        /// The whole number a range's end or a `limit:` or `offset:` says: text that is no number
        /// counts as 0, as in Liquid. One past what Galley counts with (a blog has no use for a
        /// quadrillion) is warned about and nil, never a number that overflows.
        mutating func count(_ value: TemplateValue, at offset: Int) -> Int? {
            let number = Double(value.printed) ?? 0
            guard number.isFinite, abs(number) <= Self.largestCount else {
                warn(offset, "the number \(value.printed) is larger than Galley counts with (\(Int(Self.largestCount))); it is taken as nothing")
                return nil
            }
            return Int(number)
        }

        static let largestCount: Double = 1e15

        mutating func operand(_ operand: TemplateExpression.Operand, locals: [String: TemplateValue], at offset: Int) -> TemplateValue {
            switch operand {
            case .literal(let value): return value
            case .range(let from, let to):
                guard let low = count(self.operand(from, locals: locals, at: offset), at: offset),
                    let high = count(self.operand(to, locals: locals, at: offset), at: offset), low <= high
                else { return .list([]) }
                guard high - low < 100_000 else {
                    warn(offset, "the range (\(low)..\(high)) is longer than Galley counts (100000)")
                    return .list([])
                }
                return .list((low...high).map { .number(Double($0)) })
            case .variable(let path):
                if let value = lookup(path, locals: locals) { return value }
                let name = path.joined(separator: ".")
                switch path.first {
                case "site":
                    warn(offset, "'\(name)' is not set: add `\(path.dropFirst().joined(separator: "."))` to galley.yml; it prints nothing")
                case "page":
                    warn(offset, "'\(name)' is not in the front matter; it prints nothing")
                default:
                    warn(offset, "'\(name)' is not a value Galley knows (site.…, page.…, or one set by assign or for); it prints nothing")
                }
                return .nothing
            }
        }

        mutating func evaluate(_ expression: TemplateExpression, locals: [String: TemplateValue], source: String, at offset: Int) -> TemplateValue {
            var value = operand(expression.operand, locals: locals, at: offset)
            for filter in expression.filters {
                let arguments = filter.arguments.map { operand($0, locals: locals, at: offset) }
                // Sized before it is made: a chain of eight `replace` filters on a line of a post
                // once took minutes and gigabytes, although the page it printed was small.
                let largest = Self.largestResult(of: filter.name, on: value, arguments)
                if largest > BodyTemplate.outputLimit {
                    warn(offset, "the filter '\(filter.name)' in \(Self.quoted(source)) would make more than \(BodyTemplate.outputLimit >> 20) MB of text; it prints nothing")
                    return .nothing
                }
                filterWork += value.printed.utf8.count + largest
                if filterWork > BodyTemplate.filterWorkLimit {
                    if !stopped {
                        stopped = true
                        notes.append(.init(offset: offset, message:
                            "its filters go over more than \(BodyTemplate.filterWorkLimit >> 20) MB of text in all (at \(Self.quoted(source)))", isError: true))
                    }
                    return .nothing
                }
                if let result = apply(filter.name, to: value, arguments) {
                    value = result
                } else {
                    warn(offset, "the filter '\(filter.name)' in \(Self.quoted(source)) is not one Galley has (\(Self.filterNames)); it is skipped")
                }
            }
            return value
        }

        /// At most how large (in bytes, or items for `split`) what `name` makes of `value` can be.
        static func largestResult(of name: String, on value: TemplateValue, _ arguments: [TemplateValue]) -> Int {
            let first = arguments.first?.printed.utf8.count ?? 0
            switch name {
            case "replace":
                let size = value.printed.utf8.count, with = arguments.dropFirst().first?.printed.utf8.count ?? 0
                return first == 0 ? size : size + (size / first) * with
            case "append", "prepend": return value.printed.utf8.count + first
            case "join":
                let items = value.items
                return items.reduce(0) { $0 + $1.printed.utf8.count } + items.count * (arguments.isEmpty ? 1 : first)
            // Each piece is a value of its own, some tens of bytes apiece.
            case "split": return value.printed.utf8.count * 16
            default: return 0
            }
        }

        static let filterNames = "split join slugify prepend append relative_url absolute_url downcase upcase capitalize strip escape xml_escape url_encode size first last default replace remove"

        func apply(_ name: String, to value: TemplateValue, _ arguments: [TemplateValue]) -> TemplateValue? {
            let text = value.printed
            let first = arguments.first?.printed ?? ""
            switch name {
            case "split": return .list(first.isEmpty ? text.map { .text(String($0)) } : text.components(separatedBy: first).map { .text($0) })
            case "join": return .text(value.items.map(\.printed).joined(separator: arguments.isEmpty ? " " : first))
            case "slugify": return .text(Slug.make(text))
            case "prepend": return .text(first + text)
            case "append": return .text(text + first)
            case "relative_url": return .text(Self.rooted(text, at: scope.basePath))
            case "absolute_url": return .text(Self.rooted(text, at: scope.base))
            case "downcase": return .text(text.lowercased())
            case "upcase": return .text(text.uppercased())
            case "capitalize": return .text(text.prefix(1).uppercased() + text.dropFirst())
            case "strip": return .text(text.trimmingCharacters(in: .whitespacesAndNewlines))
            case "escape", "xml_escape": return .text(HTMLEscape.text(text))
            case "url_encode": return .text(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
            case "size": return value["size"] ?? .number(0)
            case "first": return value.items.first ?? .nothing
            case "last": return value.items.last ?? .nothing
            case "default": return value.isTrue && !text.isEmpty ? value : (arguments.first ?? .nothing)
            case "replace": return .text(text.replacingOccurrences(of: first, with: arguments.dropFirst().first?.printed ?? ""))
            case "remove": return .text(first.isEmpty ? text : text.replacingOccurrences(of: first, with: ""))
            default: return nil
            }
        }

        /// A site path under a base: `docs/x` or `/docs/x` under `/blog/` is `/blog/docs/x`.
        static func rooted(_ path: String, at base: String) -> String {
            if path.contains("://") || path.hasPrefix("//") { return path }
            return base + path.drop { $0 == "/" }
        }

        // MARK: Tags

        mutating func tag(_ name: String, _ arguments: String, source: String, at offset: Int, locals: inout [String: TemplateValue]) {
            switch name {
            case "assign":
                guard let equals = arguments.firstIndex(of: "="),
                    let variable = Self.variableName(arguments[..<equals]),
                    let expression = TemplateExpression(String(arguments[arguments.index(after: equals)...]))
                else {
                    warn(offset, "\(Self.quoted(source)) is not an assignment Galley can read (`{% assign name = value | filter %}`); it is skipped")
                    return
                }
                locals[variable] = evaluate(expression, locals: locals, source: source, at: offset)
            case "post_url":
                let written = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
                link(to: written, absolute: false, at: offset, isPost: true, tag: source)
            case "link":
                let written = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
                link(to: written, absolute: false, at: offset, isPost: written.hasPrefix("_posts/") || written.hasPrefix("/_posts/"), tag: source)
            default:
                warn(offset, "the Liquid tag \(Self.quoted(source)) is not one Galley runs (raw, comment, highlight, post_url, link, assign, for); it is printed as it is")
                emit(source)
            }
        }

        static func variableName(_ text: Substring) -> String? {
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let first = name.first, first.isLetter || first == "_",
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            else { return nil }
            return name
        }

        /// Prints the address of the document `written` names, or says it has none.
        mutating func link(to written: String, absolute: Bool, at offset: Int, isPost: Bool, tag: String) {
            if links == nil { links = scope.links() }
            let links = links!
            let found = links.lookup(written)
            let (name, fragment, source, path) = (found.name, found.fragment, found.source, found.path)
            if name.isEmpty, !fragment.isEmpty {
                // Hugo's `ref "#section"`: a section of this very page.
                emit(fragment)
                return
            }
            if path == nil, isPost, let term = links.termPage(named: name) {
                references.append(BodyReference(name: name, path: term))
                emit(Self.rooted(term, at: absolute ? scope.base : scope.basePath) + fragment)
                return
            }
            // Else a static file by its path in the blog (`{% link assets/a.png %}`).
            let file = isPost || path != nil ? nil : links.staticFile(named: name)
            references.append(BodyReference(name: name, path: path ?? file, orFile: !isPost))
            if let path = path ?? file {
                emit(Self.rooted(path, at: absolute ? scope.base : scope.basePath) + fragment)
                return
            }
            if isPost || source != nil {
                notes.append(.init(offset: offset, message: "\(Self.quoted(tag)) links to a post that is not in this blog (or not published by this build)", isError: true))
            } else {
                warn(offset, "\(Self.quoted(tag)) links to \(name), which is not a post, page or static file of this blog; the link is left pointing at /\(name.drop { $0 == "/" })")
            }
            emit("/" + name.drop { $0 == "/" } + fragment)
        }

        mutating func loop(_ arguments: String, body: [Piece], at offset: Int, locals: [String: TemplateValue]) {
            var tokens = TemplateTokens(arguments)
            guard let variable = tokens.word(), tokens.take("in"), let collection = tokens.operand() else {
                warn(offset, "`\(Self.quoted("{% for " + arguments + " %}"))` is not a loop Galley can read (`{% for item in list %}`); its body is printed once")
                expand(body, locals: locals)
                return
            }
            var items = operand(collection, locals: locals, at: offset).items
            var options = tokens
            // Liquid takes the slice first and reverses it after, whatever the order written.
            var reversed = false, limit = Int.max, skip = 0
            while !options.atEnd {
                if options.take("reversed") {
                    reversed = true
                } else if let option = options.word(), options.take(":"), let value = options.operand() {
                    let count = count(operand(value, locals: locals, at: offset), at: offset) ?? 0
                    if option == "limit" { limit = max(0, count) }
                    if option == "offset" { skip = max(0, count) }
                } else {
                    warn(offset, "`\(Self.quoted("{% for " + arguments + " %}"))` has options Galley does not read; they are skipped")
                    break
                }
            }
            items = Array(items.dropFirst(skip).prefix(limit))
            if reversed { items.reverse() }
            for (index, item) in items.enumerated() where !stopped {
                turns += 1
                guard turns <= 100_000 else {
                    stopped = true
                    notes.append(.init(offset: offset, message: "its loops run more than 100000 times", isError: true))
                    return
                }
                var inner = locals
                inner[variable] = item
                inner["forloop"] = .map([
                    "index": .number(Double(index + 1)), "index0": .number(Double(index)), "length": .number(Double(items.count)),
                    "first": .flag(index == 0), "last": .flag(index == items.count - 1),
                ])
                expand(body, locals: inner)
            }
        }

        /// A fenced code block on lines of its own, with a fence longer than any run of
        /// backticks in the code.
        mutating func fence(_ code: String, language: String) {
            var longest = 0, run = 0
            for byte in code.utf8 {
                run = byte == UInt8(ascii: "`") ? run + 1 : 0
                longest = max(longest, run)
            }
            let marker = String(repeating: "`", count: max(3, longest + 1))
            let info = language.filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }
            var body = code
            while body.hasPrefix("\n") || body.hasPrefix("\r\n") { body.removeFirst() }
            while body.last?.isWhitespace == true { body.removeLast() }
            if let last = output.last, last != UInt8(ascii: "\n") { emit("\n") }
            emit("\(marker)\(info)\n\(body)\n\(marker)\n")
        }

        // MARK: Shortcodes

        mutating func shortcode(_ shortcode: Shortcode, at offset: Int) {
            switch shortcode.name {
            case "figure":
                guard let html = Embeds.figure(shortcode) else {
                    warn(offset, "the figure shortcode needs src=\"…\"; it is printed as it is")
                    emit(Embeds.source(of: shortcode))
                    return
                }
                emit(html)
            case "highlight":
                guard let inner = shortcode.inner else {
                    warn(offset, "\(Self.quoted(Embeds.source(of: shortcode))) has no {{< /highlight >}}; it is printed as it is")
                    emit(Embeds.source(of: shortcode))
                    return
                }
                fence(inner, language: shortcode.argument("lang", at: 0) ?? "")
            case "ref", "relref":
                guard let target = shortcode.argument("path", at: 0) else {
                    warn(offset, "the \(shortcode.name) shortcode needs the file it links to; it is printed as it is")
                    emit(Embeds.source(of: shortcode))
                    return
                }
                link(to: target, absolute: shortcode.name == "ref", at: offset, isPost: true, tag: Embeds.source(of: shortcode))
            case "youtube", "vimeo", "gist":
                if let html = Embeds.embed(shortcode) {
                    emit(html)
                } else {
                    warn(offset, "\(Self.quoted(Embeds.source(of: shortcode))) needs an id of letters, digits, '-' and '_'; it is printed as it is")
                    emit(Embeds.source(of: shortcode))
                }
            default:
                var arguments = shortcode.named.mapValues(TemplateValue.text)
                for (position, value) in shortcode.positional.enumerated() { arguments[String(position)] = .text(value) }
                let values: [String: TemplateValue] = [
                    "args": .map(arguments), "positional": .list(shortcode.positional.map(TemplateValue.text)),
                    "inner": shortcode.inner.map(TemplateValue.text) ?? .nothing, "page": scope.page, "site": scope.site,
                ]
                if let html = scope.theme(shortcode.name, values) {
                    emit(html)
                    return
                }
                let name = shortcode.name.hasPrefix("/") ? String(shortcode.name.dropFirst()) : shortcode.name
                // Said by name only, so that a blog using it a thousand times hears it once.
                warn(offset, "the shortcode '\(name)' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/\(name).mustache to give it one)")
                emit(Embeds.source(of: shortcode) + (shortcode.inner ?? "") + (shortcode.closing ?? ""))
            }
        }
    }
}

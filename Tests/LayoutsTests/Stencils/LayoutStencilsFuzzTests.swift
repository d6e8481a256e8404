import Foundation
@testable import Layouts
@testable import SiteContent
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Layouts and values made at random, from a fixed seed, rendered through stencils and directly:
/// every page must come out the same. The layouts mix what swift-mustache does with values
/// (sections, inverted sections, indented partials, transforms, sequence context, dates,
/// escaping) and the values come in many shapes, with texts that end in line breaks.
@Suite struct LayoutStencilsFuzzTests {
    typealias Random = SeededRandom

    static let texts = ["", "x", "a & b", "<em>it's</em>", "line\n", "two\nlines\n", "crlf\r\n", "\n", "\r\n", "ends\n\n", "plain text"]
    static let scalars = ["page.title", "page.n", "page.ratio", "page.flag", "page.d", "page.d.iso8601", "page.d.year",
                          "page.map.a", "page.map.b", "name", "v", ".", "site.title", "page.missing"]
    static let lists = ["page.items", "page.map", "page.d", "page.title", "page.flag", "page.empty", "page.names", "page.posts"]

    /// A layout body of tags and text, `depth` sections deep at most.
    static func body(_ random: inout Random, depth: Int, partial: Bool) -> String {
        var out = ""
        for _ in 0..<(1 + random.below(5)) {
            switch random.below(partial ? 11 : 12) {
            case 0, 1: out += random.pick(["text ", "\n", "  ", "<p>", " & ", "\n  "])
            case 2: out += "{{\(random.pick(scalars))}}"
            case 3: out += "{{{\(random.pick(scalars))}}}"
            case 4 where depth > 0, 5 where depth > 0:
                let name = random.pick(lists + ["page.items", "page.items", "page.posts"])
                let sigil = random.chance(70) ? "#" : "^"
                let inner = body(&random, depth: depth - 1, partial: partial)
                out += random.chance(50) ? "{{\(sigil)\(name)}}\n\(inner)\n{{/\(name)}}\n" : "{{\(sigil)\(name)}}\(inner){{/\(name)}}"
            case 6: out += random.pick(["{{count(page.items)}}", "{{count(page.posts)}}", "{{#first(page.posts)}}<{{name}}>{{/first(page.posts)}}", "{{#empty(page.items)}}E{{/empty(page.items)}}",
                                        "{{#first(page.items)}}[{{name}}]{{/first(page.items)}}", "{{#reversed(page.items)}}{{v}}{{/reversed(page.items)}}",
                                        "{{#sorted(page.map)}}{{key}}={{value}};{{/sorted(page.map)}}", "{{empty(page.title)}}"])
            case 7: out += random.pick(["{{#first()}}F{{/first()}}", "{{^last()}}, {{/last()}}", "{{index()}}", "{{#even()}}e{{/even()}}"])
            case 8: out += random.pick(["{{#page.d.format}}yyyy-MM{{/page.d.format}}", "{{page.d.format}}", "{{#page.d}}{{month}}{{/page.d}}"])
            case 9: out += random.pick(["{{uppercased(page.title)}}", "{{plusone(page.n)}}", "{{page.items}}", "{{#enumerated(page.map)}}{{key}}{{/enumerated(page.map)}}"])
            case 10: out += random.pick(["{{! a comment }}", "{{#page.flag}}yes{{/page.flag}}", "{{^page.flag}}no{{/page.flag}}"])
            case 11: out += random.pick(["\n  {{> part}}\n", "\n{{> part}}\n", "{{> part}}", "\n    {{> part}}"])
            default: out += "."
            }
        }
        return out
    }

    /// Values for one page; pages made from the same `shapeSeed` share every choice that
    /// decides a shape, and differ in their texts and numbers.
    static func page(shapeSeed: UInt64, valueSeed: UInt64, style: DateStyle) -> [String: Any] {
        var shape = Random(state: shapeSeed), value = Random(state: valueSeed)
        func text() -> String {
            // The kind of text (empty, line breaks at the end) is the shape's; the words are the page's.
            let kind = shape.pick(texts)
            guard !kind.isEmpty, kind.contains(where: { $0 != "\n" && $0 != "\r" }) else { return kind }
            let breaks = String(kind.reversed().prefix { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.reversed())
            return value.pick(["alpha", "b & c", "{{x}} y", "<q>\"d\"</q>", "é e", "f'g"]) + " \(value.below(1000))" + breaks
        }
        let items: [[String: Any]] = (0..<shape.below(4)).map { _ in ["name": text(), "v": value.below(50)] }
        // A list whose items share one shape, as long as the page's values say: eight or more
        // items repeat one part of the stencil.
        // Or, now and then, one item unlike the others: a long list that does not repeat.
        let kind = text(), hasFlag = shape.chance(50), odd = shape.chance(30) ? shape.below(9) : -1
        let posts: [[String: Any]] = (0..<value.pick([0, 1, 8, 9, 13])).map { index in
            var post: [String: Any] = ["name": kind.isEmpty ? "" : value.pick(["p & q", "r", "<s>"]) + kind.drop { $0 != "\n" && $0 != "\r" }, "v": value.below(50)]
            if hasFlag != (index == odd) { post["flag"] = true }
            return post
        }
        var page: [String: Any] = [
            "title": text(), "n": value.below(100), "ratio": Double(value.below(100)) / 8, "items": items,
            "map": ["a": text(), "b": value.below(9)] as [String: Any], "empty": [] as [[String: Any]],
            "names": (0..<shape.below(3)).map { _ in text() }, "posts": posts,
            "d": style.value(Date(timeIntervalSince1970: TimeInterval(value.below(2_000_000_000)))),
        ]
        if shape.chance(70) { page["flag"] = shape.chance(50) }
        return ["page": page]
    }

    @Test func randomLayoutsAndValuesRenderTheSameThroughStencils() throws {
        let holder = try TestBlog()
        let style = DateStyle(config: try SiteConfig.load(from: holder.source))
        var random = Random(state: 20261123)
        var compared = 0, stenciled = 0
        for number in 0..<120 {
            let layouts = ["main": Self.body(&random, depth: 3, partial: false), "part": Self.body(&random, depth: 2, partial: true)]
            var files: [String: String] = [:]
            for (name, text) in layouts { files["layouts/\(name).mustache"] = text }
            let blog = try TestBlog(TestBlog.config, files)
            guard let theme = try? Theme.load(from: blog.source), let stencils = LayoutStencils(theme: theme) else { continue }
            let site: [String: Any] = ["title": "S & T"]
            for shapeSeed in 0..<3 as Range<UInt64> {
                for valueSeed in 0..<3 as Range<UInt64> {
                    var values = Self.page(shapeSeed: UInt64(number) * 10 + shapeSeed, valueSeed: valueSeed * 7919 + UInt64(number), style: style)
                    values["site"] = site
                    let direct = theme.render("main", values)
                    let filled = stencils.render("main", values)
                    compared += 1
                    if filled != direct {
                        let main = layouts["main"]!, part = layouts["part"]!
                        Issue.record("case \(number), shape \(shapeSeed), values \(valueSeed): \(filled.debugDescription) is not \(direct.debugDescription); main: \(main.debugDescription); part: \(part.debugDescription)")
                        return
                    }
                }
            }
            stenciled += stencils.stencilCount
        }
        // Most cases parse and most shapes make stencils: the comparison is of something.
        #expect(compared > 600)
        #expect(stenciled > 150)
    }
}

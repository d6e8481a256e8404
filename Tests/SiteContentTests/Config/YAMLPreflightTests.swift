import Foundation
import SiteTestSupport
import Testing
import Yams

@testable import FrontMatter
@testable import SiteCompiler

/// The preflight must find an anchor or an alias wherever libyaml reads one, and nowhere else:
/// compared with what Yams itself composes, on documents made to put `&` and `*` everywhere.
@Suite struct YAMLPreflightTests {
    func finding(_ text: String) -> YAMLPreflight.Finding? { YAMLPreflight.firstFinding(in: text) }

    @Test func anchorsAndAliasesAreFoundAtTheirLines() {
        #expect(finding("a: &x 1\nb: *x\n") == .anchor(line: 1))
        #expect(finding("a: 1\nb:\n  - *x\n") == .alias(line: 3))
        #expect(finding("a: [1, &x {b: c}]\n") == .anchor(line: 1))
        #expect(finding("a: !!str &x b\n") == .anchor(line: 1))
        #expect(finding("? *x\n: 1\n") == .alias(line: 1))
        #expect(finding("*x : 1\n") == .alias(line: 1))
        #expect(finding("a: |\n  text\nb: &c d\n") == .anchor(line: 3))
    }

    @Test func textIsNotAnAnchor() {
        let documents = [
            "title: Tom & Jerry\n", "title: \"*x*\"\n", "title: '&x'\n", "title: a *b* c\n", "tags: [a&b, c*d]\n",
            "note: |\n  &x *y\n  *z\n", "note: >-\n  & folded\n\n  * text\n", "plain: one\n  & two\n  * three\n",
            "quoted: \"a\n  &b\"\n", "escaped: \"\\\"&x\"\n", "single: 'it''s *x'\n", "comment: x # &y *z\n", "# &x\n",
            "tag: !local&x value\n", "url: http://a.b/c&d=*e\n", "key&: v\n", "k: v&\n", "[a, b]: c&d\n",
        ]
        for document in documents {
            #expect(finding(document) == nil, "\(document.debugDescription)")
        }
    }

    @Test func nestingIsCountedAsCollectionsOpen() {
        #expect(finding("a: " + String(repeating: "[", count: 40)) == .tooDeep(line: 1))
        #expect(finding("a: " + String(repeating: "[", count: 31) + String(repeating: "]", count: 31)) == nil)
        let block = (0..<34).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(finding(block) == .tooDeep(line: 33))
    }

    /// Whether Yams, composing `text`, met an anchor; nil when it cannot read the document.
    static func yamsSeesAnchor(_ text: String) -> Bool? {
        guard let parser = try? Yams.Parser(yaml: text), let root = try? parser.singleRoot() else { return nil }
        // The parser keeps the anchors its nodes refer to weakly: it must live for the walk.
        return withExtendedLifetime(parser) {
            var pending = [root]
            var visited = 0
            while let node = pending.popLast() {
                visited += 1
                // An alias is its anchor's node again; stop before a bomb's expansion.
                if node.anchor != nil || visited > 10_000 { return true }
                switch node {
                case .mapping(let mapping): for pair in mapping { pending += [pair.key, pair.value] }
                case .sequence(let sequence): pending += Array(sequence)
                case .scalar, .alias: break
                }
            }
            return false
        }
    }

    typealias Random = SeededRandom

    static let words = ["a", "Tom & Jerry", "x*y", "&", "*", "a &b", "c *d", "e:f", "g #h", "i#j", "-k", "?l", ":m", "n: o", "1", "~"]
    static let inline = ["&a v", "*a", "&b [1, 2]", "*b", "'q &x *y'", "\"d & *e\"", "\"\\\"*f\"", "!t w", "!t &a w", "!!str *a",
                         "[*a, &c x]", "{k: *a, &d l: m}", "[a&b, 'c*d', \"*e\"]", "{x: y&z}", "w # &c", "w #*c", ""]

    /// A value at `indent`: inline text, a block scalar, or a nested block collection.
    static func value(_ random: inout Random, indent: Int, depth: Int) -> String {
        let pad = String(repeating: " ", count: indent + 2)
        switch random.below(depth > 2 ? 4 : 7) {
        case 0: return " " + random.pick(words)
        case 1, 2: return " " + random.pick(inline)
        case 3: return " " + random.pick(words) + "\n" + pad + random.pick(["& more", "* more", "&x", "*x y", "# c", "- z"])
        case 4: return " " + random.pick(["|", ">", "|-", ">+", "|2"]) + "\n" + pad + random.pick(words) + "\n" + pad + random.pick(["&x *y", "*z", "  & w"])
        case 5: return random.pick([" &m", " !t", ""]) + "\n" + mapping(&random, indent: indent + 2, depth: depth + 1)
        default:
            return random.pick([" &s", ""]) + "\n" + (0..<(1 + random.below(3))).map { _ in
                pad + "-" + value(&random, indent: indent + 2, depth: depth + 1)
            }.joined(separator: "\n")
        }
    }

    static func mapping(_ random: inout Random, indent: Int, depth: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return (0..<(1 + random.below(3))).map { number in
            let key = random.pick(["k\(number):", "\"k&\(number)\":", "&a k\(number):", "*a :", "k*\(number):", "? k\(number)\n\(pad):"])
            return pad + key + value(&random, indent: indent, depth: depth)
        }.joined(separator: "\n")
    }

    @Test func randomDocumentsAgreeWithYams() {
        var random = Random(state: 20261123)
        var valid = 0, withAnchors = 0
        for number in 0..<3000 {
            let document = Self.mapping(&random, indent: 0, depth: 0) + "\n"
            guard let seen = Self.yamsSeesAnchor(document) else { continue }
            valid += 1
            let found = finding(document)
            let foundAnchor = found.map { if case .tooDeep = $0 { false } else { true } } ?? false
            if seen { withAnchors += 1 }
            #expect(foundAnchor == seen, "case \(number): Yams \(seen ? "met" : "met no") anchor, the preflight found \(String(describing: found)) in \(document.debugDescription)")
        }
        // The documents must exercise both answers.
        #expect(valid > 1000 && withAnchors > 300 && valid - withAnchors > 300, "\(valid) valid, \(withAnchors) with anchors")
    }
}

import Foundation
import SiteTestSupport
import Testing

@testable import FrontMatter
@testable import SiteCompiler

/// The quick reader of flat front matter must agree with Yams on everything it accepts, and
/// leave everything else to Yams.
@Suite struct FlatYAMLTests {
    func yams(_ text: String) throws -> YAMLValue { try YAMLValue.parseWithYams(text, path: "test.md", lineOffset: 1) }

    @Test func typicalFrontMatterReadsAsYamsReadsIt() throws {
        let documents = [
            "title: \"Can same has took life until add\"\ndate: 2000-01-01\ntags: [topic-12, topic-62, topic-03]\n",
            "title: Hello, world\ndate: 2019-10-08 18:30\ndraft: true\n",
            "title: 'Single quoted: with a colon'\nsummary: \"Double # not a comment\"\n",
            "# a comment\n\ntitle: After a blank line\nslug:\nupdated: ~\nlayout: null\n",
            "title: Ünïcödé — “quotes” and 日本語\ntags: [café, naïve, c++, a.b/c]\n",
            "title: He said \"hi\" and {braces} [brackets]\ntags: []\nweight: 5x\n",
            "title:    padded value   \r\ntags: [ a ,b ]\r\n",
            "",
            "\n# only a comment\n",
        ]
        for document in documents {
            let flat = try #require(YAMLValue.parseFlat(document, lineOffset: 1), "not read: \(document.debugDescription)")
            #expect(flat == (try yams(document)), "\(document.debugDescription)")
        }
    }

    @Test func anythingElseIsLeftToYams() {
        let documents = [
            "title: One\ntitle: Two\n",  // Yams names the duplicate
            "author:\n  name: Ann\n",
            "tags:\n  - a\n  - b\n",
            "title: \"with \\\" escape\"\n",
            "title: 'it''s'\n",
            "title: a: b\n",
            "title: text # comment\n",
            "title: - dash\n",
            "title: *alias\n",
            "title: |\n  block\n",
            "title:text\n",
            "title: \"open\n",
            "tags: [a, [b]]\n",
            "tags: [a, \"b\"]\n",
            "tags: [a, null]\n",
            "  indented: yes\n",
            "title: tab\there\n",
            "ends with colon: value:\n",
        ]
        for document in documents {
            #expect(YAMLValue.parseFlat(document, lineOffset: 1) == nil, "\(document.debugDescription)")
        }
    }

    /// Random front matter from awkward pieces: whenever the quick reader accepts a document,
    /// Yams must read it the same way.
    @Test func randomDocumentsAgreeWithYams() throws {
        var random = SeededRandom(state: 20261122)
        let keys = ["title", "date", "tags", "summary", "slug", "draft", "layout", "updated", "weight", "x_y", "a-b"]
        let pieces = ["word", "two words", "Ünï", "a:b", "a: b", "#", " #x", "x #", "\"", "'", "[", "]", "{", "}", ",", "-", "?", "*",
                      "&", "!", "|", ">", "%", "@", "`", "~", "null", "true", "1.5", "2019-10-08", "\\", ":", " ", "\t", "c++", "日本"]
        var accepted = 0
        for _ in 0..<3000 {
            var lines: [String] = []
            for _ in 0..<random.below(4) + 1 {
                let key = keys[random.below(keys.count)]
                var value = (0..<random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined()
                switch random.below(5) {
                case 0: value = "\"\(value)\""
                case 1: value = "'\(value)'"
                case 2: value = "[" + (0..<random.below(3)).map { _ in pieces[random.below(pieces.count)] }.joined(separator: ", ") + "]"
                default: break
                }
                lines.append("\(key): \(value)")
            }
            let document = lines.joined(separator: "\n") + "\n"
            guard let flat = YAMLValue.parseFlat(document, lineOffset: 1) else { continue }
            accepted += 1
            do {
                #expect(flat == (try yams(document)), "\(document.debugDescription)")
            } catch {
                Issue.record("accepted what Yams rejects: \(document.debugDescription): \(error)")
            }
        }
        #expect(accepted > 300, "only \(accepted) accepted")
    }
}

import Foundation
import Testing

import Highlighting
@testable import Pygments

@Suite struct PygmentsBatchTests {
    static let awkward = ["", "plain", "quote \" and back\\slash", "line\nbreak\ttab\r\u{0}\u{1}\u{1F}\u{7F}", "é ü 日本 🎉 \u{2028}\u{2029}", "</script>"]

    @Test func aRequestIsJSONThatSaysTheBlocksExactly() throws {
        let blocks = Self.awkward.map { CodeBlock(language: "sw\"ift", code: $0) }
        let batch = try PygmentsBatch(blocks)
        #expect(batch.request.last == 0x0A)
        #expect(!batch.request.dropLast().contains(0x0A))
        let parsed = try #require(try JSONSerialization.jsonObject(with: batch.request) as? [[String]])
        #expect(parsed == blocks.map { [$0.language, $0.code] })
    }

    @Test func answersAreReadAsPythonWritesThem() throws {
        let batch = try PygmentsBatch(Array(repeating: CodeBlock(language: "x", code: "y"), count: 5))
        let line = Array(#"["<span class=\"k\">a</span>\n", null, "\u00e9\ud83c\udf89 é\/", "", "\\\"\t"]"#.utf8)
        #expect(try batch.answers(from: line) == ["<span class=\"k\">a</span>\n", nil, "é🎉 é/", "", "\\\"\t"])
        // Whatever Foundation writes of the awkward strings reads back as they were.
        let written = try JSONSerialization.data(withJSONObject: Self.awkward)
        #expect(JSONText.stringsOrNulls(Array(written)).map { $0.map { $0 ?? "nil" } } == Self.awkward)
    }

    @Test(arguments: ["", "[", "[\"a\"", "[\"a\",]", "[nul]", "[\"\\x\"]", "[\"\\ud800\"]", "[\"a\" \"b\"]", "[\"a\"] x", "[\"\u{1}\"]", "{}", "[1]"])
    func whatIsNotAnAnswerIsRefused(line: String) {
        #expect(JSONText.stringsOrNulls(Array(line.utf8)) == nil)
    }
}

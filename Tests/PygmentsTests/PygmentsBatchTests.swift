import Foundation
import Testing

import Highlighting
@testable import Pygments

@Suite struct PygmentsBatchTests {
    static let awkward = ["", "plain", "quote \" and back\\slash", "line\nbreak\ttab\r\u{0}\u{1}\u{1F}\u{7F}", "é ü 日本 🎉 \u{2028}\u{2029}", "</script>"]

    /// Reads a request back as the helper does: a frame, then length-prefixed texts.
    static func texts(in request: Data) throws -> [String] {
        let bytes = Array(request)
        let length = bytes[..<4].reduce(0) { $0 << 8 | Int($1) }
        try #require(length == bytes.count - 4)
        var texts: [String] = []
        var index = 4
        while index < bytes.count {
            let size = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            texts.append(try #require(String(validating: bytes[index + 4..<index + 4 + size], as: UTF8.self)))
            index += 4 + size
        }
        return texts
    }

    @Test func aRequestSaysEachBlocksLanguageAndCodeExactly() throws {
        let blocks = Self.awkward.map { CodeBlock(language: "sw\"ift", code: $0) }
        let batch = try PygmentsBatch(blocks)
        #expect(try Self.texts(in: batch.request) == blocks.flatMap { [$0.language, $0.code] })
        #expect(batch.count == blocks.count)
    }

    @Test func answersAreReadAsTheHelperWritesThem() throws {
        let batch = try PygmentsBatch(Array(repeating: CodeBlock(language: "x", code: "y"), count: 4))
        func answer(_ text: String) -> [UInt8] { [1] + Array(HelperFrames.frame(Array(text.utf8))) }
        let frame = answer("<span class=\"k\">a</span>\n") + [0] + answer("é🎉 \u{0}") + answer("")
        #expect(try batch.answers(from: frame) == ["<span class=\"k\">a</span>\n", nil, "é🎉 \u{0}", ""])
    }

    @Test(arguments: [
        [UInt8](), [0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0, 9, 65], [0, 0, 0, 1, 0xFF],
        [0, 0, 0, 0, 0],
    ])
    func whatIsNotAnAnswerIsRefused(frame: [UInt8]) throws {
        let batch = try PygmentsBatch(Array(repeating: CodeBlock(language: "x", code: "y"), count: 4))
        #expect(throws: HighlighterUnavailable.self) { try batch.answers(from: frame) }
    }
}

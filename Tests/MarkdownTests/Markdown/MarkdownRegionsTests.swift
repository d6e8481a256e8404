@testable import Markdown
import Testing


@Suite struct MarkdownRegionsTests {
    func texts(_ text: String, _ ranges: [Range<Int>]) -> [String] {
        let bytes = Array(text.utf8)
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func findsFencesAndSpans() {
        let text = "a `b` c ``d ` e``\n  ~~~~\n$$ x $$\n~~~\n~~~~\nafter `open\n\nclosed`"
        let regions = MarkdownRegions(text)
        #expect(texts(text, regions.code) == ["`b`", "``d ` e``", "  ~~~~\n$$ x $$\n~~~\n~~~~\n"])
        #expect(regions.math.isEmpty)
    }

    @Test func findsMathOutsideCode() {
        let text = "$$a \\\\ b$$ and \\\\(x_1\\\\) and \\\\[y\\\\] but `$$no$$` and \\$$ not"
        #expect(texts(text, MarkdownRegions(text).math) == ["$$a \\\\ b$$", "\\\\(x_1\\\\)", "\\\\[y\\\\]"])
    }

    @Test func anUnclosedFenceRunsToTheEnd() {
        let text = "x\n```\ncode {{ a }}"
        #expect(texts(text, MarkdownRegions(text).code) == ["```\ncode {{ a }}"])
    }
}

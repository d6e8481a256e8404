import Foundation
import SiteTestSupport
import Testing
@testable import FrontMatter
@testable import SiteCompiler


/// Fences not quite written are named as such, at their line, not as a post without a title.
@Suite struct FrontMatterFenceTests {
    func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": text])
        return blog.failure(sourceLocation: sourceLocation).map(\.description)
    }

    @Test func twoDashesAreNotFrontMatter() throws {
        #expect(try failure("--\ntitle: Hello\n--\n\nText.\n") == [
            "posts/2019-10-08-post.md:1: front matter not found: the first line is '--', and front matter opens with a line of three dashes '---'"
        ])
        #expect(try failure("----\ntitle: Hello\n----\nText.\n").first?.hasPrefix("posts/2019-10-08-post.md:1: front matter not found: the first line is '----'") == true)
    }

    /// A Markdown file may start with a horizontal rule: only dashes followed by a key are a fence.
    @Test func aRuleBeforeTextIsNoFence() throws {
        #expect(try failure("----\n\nText.\n") == [
            "posts/2019-10-08-post.md:1: missing title: add `title: …` to the front matter"
        ])
    }

    @Test func aClosingFenceOfTwoDashesIsNamedAtItsLine() throws {
        #expect(try failure("---\ntitle: Hello\ndate: 2019-10-08\n--\n\nText.\n") == [
            "posts/2019-10-08-post.md:4: front matter not closed: this line is '--', and front matter closes with a line of three '---'"
        ])
    }

    @Test func aMissingClosingFenceIsNamedWhereTheTextStarts() throws {
        #expect(try failure("---\ntitle: Hello\ndate: 2019-10-08\n\nText.\nMore text.\n") == [
            "posts/2019-10-08-post.md:4: front matter not closed: the block opened on line 1 has no closing '---' line; put one after its last key"
        ])
        #expect(try failure("---\ntitle: Hello") == [
            "posts/2019-10-08-post.md:1: front matter not closed: the '---' here has no closing '---' line"
        ])
    }
}

import Foundation
import Testing

@testable import SiteSource

@Suite struct SourceTreeErrorTests {
    /// A source is only ever read: a refusal to read it is about reading, not about whether
    /// its folder is writable, which the output's messages ask.
    @Test func aFileThatMayNotBeReadSaysSo() {
        #expect(SourceTreeError.explain(EACCES) == "permission denied (check who owns it and that Galley's user may read it)")
        #expect(!SourceTreeError.describe(SourceTreeError.unreadable("posts/a.md", reason: SourceTreeError.explain(EPERM))).contains("writable"))
    }
}

import Testing

@testable import SiteImport

@Suite struct JekyllExclusionsTests {
    @Test func anEntryCoversItsPathTheFoldersBelowItAndWhatItMatches() {
        let exclusions = JekyllExclusions(["notes/", "/vendor", "*.sh", "docs/draft-?.md", "", "/"])
        #expect(exclusions.excludes("notes"))
        #expect(exclusions.excludes("notes/todo.md"))
        #expect(exclusions.excludes("vendor/bundle/x.rb"))
        #expect(!exclusions.excludes("notes.md"))
        #expect(!exclusions.excludes("my/notes/todo.md"), "a plain entry names a path from the top")
        #expect(exclusions.excludes("deploy.sh"))
        #expect(exclusions.excludes("bin/deploy.sh"), "a glob's * crosses a /, as in Ruby's File.fnmatch? without FNM_PATHNAME")
        #expect(exclusions.excludes("docs/draft-1.md"))
        #expect(!exclusions.excludes("docs/draft-10.md"))
        #expect(!exclusions.excludes("about.md"), "empty entries cover nothing")
    }

    /// A `_config.yml` excluding one name 120,000 times took 31 s to import 3,000 files: every
    /// entry was tried on every path.
    @Test(.timeLimit(.minutes(1))) func thousandsOfEntriesAreLookedUpNotTriedInTurn() {
        let exclusions = JekyllExclusions(Array(repeating: "notes", count: 120_000) + (0..<120_000).map { "old/\($0).md" })
        let paths = (0..<3_000).map { "posts/\($0)/index.md" } + (0..<3_000).map { "old/\($0).md" }
        #expect(paths.count { exclusions.excludes($0) } == 3_000)
    }
}

import Foundation
import SiteCompiler
import SiteSource
import Testing

@testable import GitSource

@Suite struct GitRepositoryTests {
    @Test func readsACommitsTreeWithoutACheckout() throws {
        let repo = try LibGit2Committer()
        try repo.write("site/galley.yml", "title: In a folder\nbase_url: https://example.com/\n")
        try repo.write("site/posts/2020-01-01-one.md", "---\ntitle: One\n---\nFirst version.\n")
        try repo.write("site/static/a.txt", "static")
        try repo.write("README.md", "outside the blog")
        let first = try repo.commit("first")
        try repo.write("site/posts/2020-01-01-one.md", "---\ntitle: One\n---\nSecond version.\n")
        let second = try repo.commit("second")
        symlink("/etc/passwd", repo.root.appending(path: "site/static/escape").path)
        try repo.commit("a link that points outside")

        let repository = try GitRepository(at: repo.root.path)
        let old = try GitTreeSource(repository: repository, commit: first, subdirectory: "site")
        #expect(try old.files(under: "") == ["galley.yml", "posts/2020-01-01-one.md", "static/a.txt"])
        #expect(String(decoding: try old.contents(of: "posts/2020-01-01-one.md"), as: UTF8.self).contains("First version."))
        #expect(!old.fileExists("README.md"))
        #expect(throws: SourceTreeError.self) { try old.contents(of: "nope.md") }

        let newer = try GitTreeSource(repository: repository, commit: second, subdirectory: "site")
        #expect(String(decoding: try newer.contents(of: "posts/2020-01-01-one.md"), as: UTF8.self).contains("Second version."))

        let tip = try #require(try repository.tip(of: "main"))
        let latest = try GitTreeSource(repository: repository, commit: tip, subdirectory: "site")
        #expect(!latest.fileExists("static/escape"))
        #expect(repository.isDescendant(second, of: first))
        #expect(!repository.isDescendant(first, of: second))
    }

    @Test func aBuildFromACommitEqualsABuildFromTheFolder() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Same\nbase_url: https://example.com/\n")
        for day in 1...20 {
            try repo.write(String(format: "posts/2020-01-%02d-post.md", day), "---\ntitle: Post \(day)\ntags: [t\(day % 3)]\n---\nText \(day).\n")
        }
        try repo.write("static/img/x.svg", "<svg/>")
        let commit = try repo.commit("blog")
        let fromGit = try SiteBuilder(source: GitTreeSource(repository: GitRepository(at: repo.root.path), commit: commit)).compile()
        let fromFolder = try SiteBuilder(source: DirectorySource(root: repo.root)).compile()
        #expect(fromGit.output.files.keys.sorted() == fromFolder.output.files.keys.sorted())
        #expect(fromGit.site.posts.count == 20)
    }

    @Test func headAndBranches() throws {
        let repo = try LibGit2Committer()
        let repository = try GitRepository(at: repo.root.path)
        #expect(try repository.head() == .unborn)
        try repo.write("a.txt", "a")
        let main = try repo.commit("on main")
        let feature = try repo.commit("on a branch", branch: "feature/x")
        #expect(try repository.head() == .branch("main", main))
        #expect(try repository.branches() == [BranchTip(name: "feature/x", commit: feature), BranchTip(name: "main", commit: main)])
        #expect(try repository.tip(of: "nope") == nil)
        #expect(throws: GitError.self) { try GitRepository(at: repo.root.appending(path: "missing").path) }
    }
}

import Diagnostics
import Foundation
import SiteCompiler
import SiteSource
import TestThreads
import Testing

@testable import GitSource

@Suite(.onBlockingPool) struct GitRepositoryTests {
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
        #expect(latest.leftOut == ["static/escape"])
        #expect(repository.isDescendant(second, of: first))
        #expect(!repository.isDescendant(first, of: second))
    }

    /// A build from git never follows a link, not even one inside the blog, which a build
    /// from the folder does: each link among what the build reads is named, not just missing.
    @Test func aBuildFromACommitNamesTheLinksItLeftOut() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Links\nbase_url: https://example.com/\n")
        try repo.write("drafts/linked.md", "---\ntitle: Linked\n---\nWritten elsewhere.\n")
        try repo.write("posts/2020-01-01-one.md", "---\ntitle: One\n---\nOne.\n")
        try repo.write("documents/cv.pdf", "%PDF")
        try repo.write("static/a.txt", "a")
        symlink("../drafts/linked.md", repo.root.appending(path: "posts/2020-01-02-linked.md").path)
        symlink("../documents/cv.pdf", repo.root.appending(path: "static/cv.pdf").path)
        symlink("documents", repo.root.appending(path: "notes").path)
        let commit = try repo.commit("links")

        let fromGit = try SiteBuilder(source: GitTreeSource(repository: GitRepository(at: repo.root.path), commit: commit)).compile()
        #expect(fromGit.site.posts.map(\.document.title) == ["One"])
        #expect(fromGit.output.files["cv.pdf"] == nil)
        let named = fromGit.warnings.filter { $0.message.hasPrefix("a symbolic link in the commit") }
        #expect(named.map(\.path) == ["posts/2020-01-02-linked.md", "static/cv.pdf"], "\(fromGit.warnings)")
        // The folder's build follows them, as they stay inside the blog.
        let fromFolder = try SiteBuilder(source: DirectorySource(root: repo.root)).compile()
        #expect(fromFolder.site.posts.count == 2 && fromFolder.output.files["cv.pdf"] != nil)
        #expect(!fromFolder.warnings.contains { $0.message.hasPrefix("a symbolic link in the commit") })

        // A galley.yml committed as a link stops the build, which says why; a layout committed
        // as one is named beside the errors of a theme that does not load.
        try FileManager.default.moveItem(at: repo.root.appending(path: "galley.yml"), to: repo.root.appending(path: "settings.yml"))
        symlink("settings.yml", repo.root.appending(path: "galley.yml").path)
        let linkedSettings = try repo.commit("linked settings")
        let noSettings = #expect(throws: BuildFailure.self) {
            try SiteBuilder(source: GitTreeSource(repository: GitRepository(at: repo.root.path), commit: linkedSettings)).compile()
        }
        #expect(noSettings?.diagnostics.map(\.description) == ["galley.yml: a symbolic link in the commit, which a build from git never follows (it could lead out of the repository): commit galley.yml itself"])
        try FileManager.default.removeItem(at: repo.root.appending(path: "galley.yml"))
        try FileManager.default.moveItem(at: repo.root.appending(path: "settings.yml"), to: repo.root.appending(path: "galley.yml"))
        try repo.write("shared/page.mustache", "<header>{{site.title}}</header>")
        try repo.write("layouts/post.mustache", "{{> header}}{{#content}}")
        symlink("../shared/page.mustache", repo.root.appending(path: "layouts/header.mustache").path)
        let linkedLayout = try repo.commit("linked layout")
        let noLayout = #expect(throws: BuildFailure.self) {
            try SiteBuilder(source: GitTreeSource(repository: GitRepository(at: repo.root.path), commit: linkedLayout)).compile()
        }
        #expect(noLayout?.warnings.map(\.path).contains("layouts/header.mustache") == true, "\(String(describing: noLayout))")
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

    /// The server guide's `git clone --mirror` watched with `--remote origin` found no branch
    /// (a mirror's are `refs/heads/*`, not `refs/remotes/origin/*`), and a watcher deployed
    /// nothing without a word. A remote's branches are where its fetch refspecs put them.
    @Test func aMirrorsRemoteBranchesAreItsOwn() throws {
        let forge = try LibGit2Committer()
        try forge.write("a.txt", "a")
        let main = try forge.commit("on main")
        let tea = try forge.commit("tea", branch: "post/tea")
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mirror = folder.appending(path: "mirror")
        try Self.git(["clone", "-q", "--mirror", forge.root.path, mirror.path])
        let mirrored = try GitRepository(at: mirror.path)
        try mirrored.fetch(remote: "origin")
        #expect(try mirrored.branches(remote: "origin") == [BranchTip(name: "main", commit: main), BranchTip(name: "post/tea", commit: tea)])
        #expect(try mirrored.tip(of: "post/tea", remote: "origin") == tea)
        // A clone with a working tree keeps origin's branches under refs/remotes/origin.
        let work = folder.appending(path: "work")
        try Self.git(["clone", "-q", forge.root.path, work.path])
        let repository = try GitRepository(at: work.path)
        try repository.fetch(remote: "origin")
        #expect(try repository.branches(remote: "origin").map(\.name) == ["main", "post/tea"])
        #expect(try repository.tip(of: "main", remote: "origin") == main)
    }

    static func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitWithoutSpinning()
        guard process.terminationStatus == 0 else { throw GitError(code: -1, message: "git \(arguments.joined(separator: " ")) failed") }
    }
}

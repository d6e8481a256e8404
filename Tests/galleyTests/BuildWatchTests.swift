import Foundation
import Testing

/// `galley build --watch`: the output folder follows the blog's files until Ctrl-C.
@Suite struct BuildWatchTests {
    @Test func eachSaveBuildsTheOutputAgainAndABrokenPostIsWaitedOut() async throws {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: Watched\nbase_url: https://example.com/\ntimezone: UTC\n")
        try folder.write("blog/posts/2024-05-01-first.md", "---\ntitle: First\n---\n\nFirst words.\n")
        let watcher = try BackgroundGalley(["build", "blog", "--watch"], in: folder.url)
        #expect(await settles { folder.read("blog/_site/2024/05/01/first/index.html")?.contains("First words.") == true }, "\(watcher.stderr)")
        #expect(await settles { watcher.stderr.contains("watching") })

        try folder.write("blog/posts/2024-05-02-second.md", "---\ntitle: Second\ndate: someday\n---\n\nBroken.\n")
        #expect(await settles { watcher.stderr.contains("2024-05-02-second.md:3") }, "\(watcher.stderr)")
        #expect(folder.read("blog/_site/2024/05/01/first/index.html")?.contains("First words.") == true, "the last good output stays")

        try folder.write("blog/posts/2024-05-02-second.md", "---\ntitle: Second\n---\n\nMended.\n")
        #expect(await settles { folder.read("blog/_site/2024/05/02/second/index.html")?.contains("Mended.") == true }, "\(watcher.stderr)")
        watcher.signal(SIGINT)
        let process = watcher.process
        #expect(await settles(within: 10) { !process.isRunning })
    }
}

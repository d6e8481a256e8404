import Foundation
import TestThreads
import Testing

/// `galley build --watch`: the output folder follows the blog's files until Ctrl-C.
@Suite(.onBlockingPool) struct BuildWatchTests {
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

    /// Asked to stop, it stops as `serve` does, with 0: the exit table's servers' row.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsItEvenMidBuildWithZero(signal: Int32) async throws {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: Watched\nbase_url: https://example.com/\ntimezone: UTC\n")
        // Enough posts that a signal can come while a build runs.
        for day in 1...400 {
            try folder.write("blog/posts/2024-01-01-post-\(day).md", "---\ntitle: Post \(day)\n---\n\n" + String(repeating: "Words and *more* words. ", count: 200) + "\n")
        }
        let watcher = try BackgroundGalley(["build", "blog", "--watch"], in: folder.url)
        #expect(await settles(within: 120) { watcher.stderr.contains("watching") }, "\(watcher.stderr)")
        try folder.write("blog/posts/2024-01-01-post-1.md", "---\ntitle: Post one again\n---\n\nChanged.\n")
        try await Task.sleep(for: .milliseconds(30))
        watcher.signal(signal)
        let process = watcher.process
        let stopped = await settles(within: 10) { !process.isRunning }
        #expect(stopped, "\(watcher.stderr)")
        guard stopped else { return }  // the status of a running process is a trap, not a value
        #expect(process.terminationStatus == 0, "\(watcher.stderr)")
        #expect(process.terminationReason == .exit)
        #expect(watcher.stderr.contains("stopped"), "\(watcher.stderr)")
    }
}

import Blocking
import Foundation
import TestThreads
import Testing

@testable import Serving

@Suite(.onBlockingPool) struct FolderWatchTests {
    /// A folder with `posts/` and `static/`, watched; the calls are counted.
    func watched(_ body: (URL, @Sendable () -> Int) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "galley-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["posts", "static"] {
            try FileManager.default.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        let calls = Locked(0)
        let watch = try FolderWatch(root: root, inputs: ["posts", "static"]) { calls.withLock { $0 += 1 } }
        defer { watch.stop() }
        try await body(root, { calls.withLock { $0 } })
    }

    /// Whether `condition` holds within ten seconds: the watch calls from a thread of its own,
    /// which a busy machine may hold up for longer than any fixed pause.
    func soon(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return condition()
    }

    /// A file written for two seconds while held open asks for a build when it appears and when
    /// it is closed, not every quarter of a second while it grows.
    @Test func aFileBeingWrittenCountsWhenItIsClosed() async throws {
        try await watched { root, calls in
            let path = root.appending(path: "static/recording.mp3").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            for _ in 0..<40 {
                try handle.write(contentsOf: Data(repeating: 7, count: 64 * 1024))
                try await Task.sleep(for: .milliseconds(50))
            }
            let whileOpen = calls()
            try handle.close()
            #expect(whileOpen <= 1, "\(whileOpen) builds while the file was written")
            #expect(try await soon { calls() > whileOpen }, "the close asks for a build")
            try await Task.sleep(for: .milliseconds(400))
            #expect(calls() == whileOpen + 1, "the close asks for one build")
        }
    }

    /// Saves an editor makes (write and close, rename over, a new file) each ask for a build.
    @Test func savesAskForABuild() async throws {
        try await watched { root, calls in
            try "one".write(to: root.appending(path: "posts/a.md"), atomically: false, encoding: .utf8)
            #expect(try await soon { calls() >= 1 })
            try await Task.sleep(for: .milliseconds(300))
            let afterWrite = calls()
            try "two".write(to: root.appending(path: "posts/a.md"), atomically: true, encoding: .utf8)
            #expect(try await soon { calls() > afterWrite })
        }
    }

    /// A blog folder swapped for another at its path (`mv blog blog-old && mv blog-new blog`):
    /// the one at the path is watched from then on, and the old one no longer.
    @Test func aFolderPutAtTheBlogsPathIsWatchedAfresh() async throws {
        try await watched { root, calls in
            let old = root.deletingLastPathComponent().appending(path: root.lastPathComponent + "-old")
            defer { try? FileManager.default.removeItem(at: old) }
            try FileManager.default.moveItem(at: root, to: old)
            try await Task.sleep(for: .milliseconds(300))
            try FileManager.default.createDirectory(at: root.appending(path: "posts"), withIntermediateDirectories: true)
            #expect(try await soon { calls() >= 1 }, "the swap asks for a build")
            try await Task.sleep(for: .milliseconds(500))
            let swapped = calls()
            try "new".write(to: root.appending(path: "posts/a.md"), atomically: false, encoding: .utf8)
            #expect(try await soon { calls() > swapped }, "an edit in the folder now at the path asks for a build")
            try await Task.sleep(for: .milliseconds(300))
            let edited = calls()
            try "old".write(to: old.appending(path: "posts/b.md"), atomically: false, encoding: .utf8)
            try await Task.sleep(for: .milliseconds(300))
            #expect(calls() == edited, "the folder moved away is no longer watched")
        }
    }

    /// What an editor writes beside an open file (vim's swap file every few seconds of typing,
    /// emacs's lock) asks for no build: no build would read it.
    @Test func anEditorsLitterAsksForNoBuild() async throws {
        try await watched { root, calls in
            for round in 0..<3 {
                try "swap \(round)".write(to: root.appending(path: "posts/.a.md.swp"), atomically: false, encoding: .utf8)
                try "auto-save".write(to: root.appending(path: "posts/#a.md#"), atomically: false, encoding: .utf8)
                try await Task.sleep(for: .milliseconds(100))
            }
            _ = symlink("root@host.1:1700000000", root.appending(path: "posts/.#a.md").path)
            try await Task.sleep(for: .milliseconds(300))
            #expect(calls() == 0)
            // The editor saves: that asks for one.
            try "saved".write(to: root.appending(path: "posts/a.md"), atomically: true, encoding: .utf8)
            #expect(try await soon { calls() >= 1 })
        }
    }
}

import Blocking
import FileSystem
import Foundation
import TestThreads
import Testing

@testable import Serving

@Suite(.onBlockingPool) struct BlogFileTests {
    @Test func aFIFOOrADeviceIsRefusedAtOnceAndAFileIsRead() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "galley-blogfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(mkfifo(root.appending(path: "pipe.mp3").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "tty.txt").path, withDestinationPath: "/dev/zero")
        try Data("words".utf8).write(to: root.appending(path: "a.txt"))
        let folder = try #require(OpenFolder(root.path))
        // Opened on the pool with a deadline: a blocking open would wait for a writer for ever.
        let opened = Locked<[String: Bool]>([:])
        for name in ["pipe.mp3", "a.txt"] {
            BlockingPool.shared.detach { opened.withLock { $0[name] = BlogFile.open(name, in: folder) != nil } }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while opened.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(opened.withLock { $0 } == ["pipe.mp3": false, "a.txt": true])
        // Should an open be stuck on the FIFO after all, a writer lets it go, so the run ends.
        let writer = open(root.appending(path: "pipe.mp3").path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        // A link out of the folder is refused by the kernel, device or not.
        #expect(BlogFile.open("tty.txt", in: folder) == nil)
        #expect(BlogFile.open("a.txt", in: folder)?.read(at: 0, count: 5) == Data("words".utf8))
    }
}

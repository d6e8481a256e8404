import FileSystem
import Foundation
import Synchronization
import Testing

@Suite struct PlatformTests {
    /// A file's times are counted in nanoseconds, which an Int holds until April 2262: a file
    /// given a later time (`touch -d @10000000000`) counts as the latest there is, not a crash.
    @Test func aTimeTooFarAheadCountsAsTheLatest() throws {
        #expect(timespec(tv_sec: 1_700_000_000, tv_nsec: 123).nanoseconds == 1_700_000_000_000_000_123)
        #expect(timespec(tv_sec: -1, tv_nsec: 0).nanoseconds == -1_000_000_000)
        #expect(timespec(tv_sec: 10_000_000_000, tv_nsec: 0).nanoseconds == .max)
        #expect(timespec(tv_sec: Int.max / 1_000_000_000, tv_nsec: 999_999_999).nanoseconds == .max)
        #expect(timespec(tv_sec: -10_000_000_000, tv_nsec: 0).nanoseconds == .min)
        let scratch = try ScratchFolder()
        let path = scratch.path + "/later.md"
        try Data("x".utf8).write(to: URL(filePath: path))
        var times = [timespec(tv_sec: 10_000_000_000, tv_nsec: 0), timespec(tv_sec: 10_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.modifiedNanoseconds == .max)
        #expect(info.changedNanoseconds < .max)
    }

    /// A path with `..` in it (a link `static/one.jpg -> ../media/photo.jpg`) is checked by the
    /// kernel against renames made meanwhile anywhere on the system, and one made during the
    /// open gets EAGAIN, to be asked again: a build in CI once failed "cannot read: Resource
    /// temporarily unavailable" while other tests renamed their files.
    @Test func anOpenPastDotDotWithRenamesAllAroundSucceeds() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/blog/media", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/blog/static", withIntermediateDirectories: true)
        try Data("a photo".utf8).write(to: URL(filePath: scratch.path + "/blog/media/photo.jpg"))
        #expect(symlink("../media/photo.jpg", scratch.path + "/blog/static/one.jpg") == 0)
        try Data("x".utf8).write(to: URL(filePath: scratch.path + "/a"))
        let blog = open(scratch.path + "/blog", O_RDONLY | O_DIRECTORY)
        defer { close(blog) }
        let stop = Atomic<Bool>(false)
        let renamer = Thread { [path = scratch.path] in
            while !stop.load(ordering: .relaxed) {
                rename(path + "/a", path + "/b")
                rename(path + "/b", path + "/a")
            }
        }
        renamer.start()
        defer { stop.store(true, ordering: .relaxed) }
        var failures: [Int32] = []
        for _ in 0..<20_000 {
            let file = Platform.openBeneath(blog, "static/one.jpg", O_RDONLY, noLinks: false)
            if file < 0 { failures.append(errno) } else { close(file) }
        }
        #expect(failures.isEmpty, "\(failures.count) opens failed, errno \(Set(failures))")
    }
}

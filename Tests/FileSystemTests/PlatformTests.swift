import FileSystem
import Foundation
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
}

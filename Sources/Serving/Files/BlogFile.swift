import FileSystem
import Foundation
import Glibc

/// A file of the blog opened to be sent: beneath the blog's folder only (the kernel refuses a
/// link that leaves it), with its length and date taken from the open file, so that a file
/// edited since the build is never answered with its old length, and only the bytes asked for are read.
final class BlogFile: Sendable {
    let descriptor: Int32
    let size: Int
    /// When it was last changed.
    let modified: Date

    /// How much is read at a time while a file is sent.
    static let chunk = 256 * 1024

    /// Opens `path` below `folder`; nil with `errno` set when it cannot (`ENOSYS` where the
    /// kernel cannot open beneath a folder).
    static func open(_ path: String, in folder: OpenFolder) -> BlogFile? {
        // Non-blocking, so that a FIFO or a device in the blog is refused at once below rather
        // than holding the request (and a thread) until something writes to it.
        let descriptor = Platform.openBeneath(folder.descriptor, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, noLinks: false)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            errno = EISDIR
            return nil
        }
        return BlogFile(descriptor: descriptor, size: Int(info.st_size), modified: date(of: info))
    }

    /// When a file `stat` looked at was last changed.
    static func date(of info: stat) -> Date {
        Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    private init(descriptor: Int32, size: Int, modified: Date) {
        self.descriptor = descriptor
        self.size = size
        self.modified = modified
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`; fewer at the end of the file, nil when reading fails.
    func read(at offset: Int, count: Int) -> Data? {
        var data = Data(count: count)
        var got = 0
        while got < count {
            let step = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + got, count - got, off_t(offset + got)) }
            if step < 0, errno == EINTR { continue }
            guard step >= 0 else { return nil }
            if step == 0 { break }
            got += step
        }
        data.count = got
        return data
    }
}

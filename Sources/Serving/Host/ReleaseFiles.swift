import FileSystem
import Foundation
import Glibc
import Hummingbird
import Synchronization

/// The files of one release of a site, for Hummingbird's `FileMiddleware`: every path is opened
/// beneath the release's open folder, so the kernel refuses `..` and links that leave it, and a
/// request sees this one release from start to end even when the site switches to a new one
/// meanwhile (the folder stays open; releases are never changed once live).
struct ReleaseFiles: FileProvider {
    struct Attributes: FileMiddlewareFileAttributes {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    /// One file asked for. The file is opened once, when its attributes are read, and the same
    /// open file is sent: its length is the one the headers gave.
    final class File: Sendable {
        let path: String
        let opened = Mutex<BlogFile?>(nil)

        init(path: String) { self.path = path }
    }

    let release: OpenFolder

    func getFileIdentifier(_ path: String) -> File? {
        let relative = path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return File(path: relative.isEmpty ? "." : relative)
    }

    func getAttributes(id: File) async throws -> Attributes? {
        // Looked at without opening it for reading first: a FIFO or a device is never opened.
        let handle = Platform.openBeneath(release.descriptor, id.path, Platform.pathOnly | O_CLOEXEC, noLinks: false)
        guard handle >= 0 else { return nil }
        var info = stat()
        let looked = fstat(handle, &info)
        close(handle)
        guard looked == 0 else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return Attributes(isFolder: true, size: 0, modificationDate: modified)
        case S_IFREG:
            guard let file = BlogFile.open(id.path, in: release) else { return nil }
            id.opened.withLock { $0 = file }
            return Attributes(isFolder: false, size: file.size, modificationDate: modified)
        default:
            return nil
        }
    }

    func loadFile(id: File, context: some RequestContext) async throws -> ResponseBody {
        let file = try opened(id)
        return body(of: file, first: 0, last: file.size - 1)
    }

    func loadFile(id: File, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let file = try opened(id)
        // FileMiddleware passes on a range that starts past the end; that is 416, not a body.
        guard range.lowerBound >= 0, range.lowerBound < file.size else {
            throw HTTPError(.rangeNotSatisfiable, headers: [.contentRange: "bytes */\(file.size)"])
        }
        return body(of: file, first: range.lowerBound, last: min(range.upperBound, file.size - 1))
    }

    private func opened(_ id: File) throws -> BlogFile {
        guard let file = id.opened.withLock({ $0 }) else { throw HTTPError(.notFound) }
        return file
    }

    /// Bytes `first...last` of `file`, read a chunk at a time as they are sent.
    private func body(of file: BlogFile, first: Int, last: Int) -> ResponseBody {
        guard last >= first else { return ResponseBody() }
        return ResponseBody(contentLength: last - first + 1) { writer in
            var offset = first
            while offset <= last {
                guard let data = file.read(at: offset, count: min(BlogFile.chunk, last - offset + 1)), !data.isEmpty else {
                    throw HTTPError(.internalServerError, message: "the file became shorter while it was sent")
                }
                try await writer.write(ByteBuffer(bytes: data))
                offset += data.count
            }
            try await writer.finish(nil)
        }
    }
}

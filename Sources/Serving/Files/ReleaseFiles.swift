import FileSystem
import Foundation
import Glibc
import Hummingbird

/// The files of one release of a site, for `galley host`: every path is opened beneath the
/// release's open folder, so the kernel refuses `..` and links that leave it, and a request sees
/// this one release from start to end even when the site switches to a new one meanwhile (the
/// folder stays open; releases are never changed once live).
struct ReleaseFiles: RequestedFileProvider {
    let release: OpenFolder
    /// How long a write may wait for its reader (see ``StalledWrite``).
    var stallLimit: Duration? = .seconds(60)

    /// What `fstat` says of `relative` in `release`, reached beneath it as every file served is
    /// (never past a link that leaves it), and looked at without opening it for reading: a FIFO
    /// or a device is never opened.
    static func info(of relative: String, in release: OpenFolder) -> stat? {
        let handle = Platform.openBeneath(release.descriptor, relative.isEmpty ? "." : relative, Platform.pathOnly | O_CLOEXEC, noLinks: false)
        guard handle >= 0 else { return nil }
        defer { close(handle) }
        var info = stat()
        return fstat(handle, &info) == 0 ? info : nil
    }

    func getAttributes(id: RequestedFile) async throws -> RequestedFile.Attributes? {
        guard let info = Self.info(of: id.path, in: release) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .folder(modified: BlogFile.date(of: info))
        case S_IFREG:
            guard !id.namesFolder, let file = BlogFile.open(id.path, in: release) else { return nil }
            id.opened.withLock { $0 = .file(file) }
            return RequestedFile.Attributes(isFolder: false, size: file.size, modificationDate: file.modified)
        default:
            return nil
        }
    }
}

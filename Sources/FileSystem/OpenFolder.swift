import Foundation

/// A folder held open, for looking at many files below it: the kernel then walks only the part
/// of each path below the folder, not the folders above it again for every file.
package final class OpenFolder: Sendable {
    /// The folder as it was named.
    package let path: String
    /// The open folder, for reading files below it.
    package let descriptor: Int32

    /// The folder at `path`, or nil when it cannot be opened (missing, not a folder).
    package init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    /// A folder already open as `descriptor`, which this object now owns and closes.
    package init(descriptor: Int32, path: String) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// What `lstat` says of `relative`, a path below the folder.
    package func info(of relative: String) -> stat? {
        var info = stat()
        // The string's own bytes (see ``Platform/openBeneath(_:_:_:mode:noLinks:)``): a build
        // asks this of every output file.
        return relative.withCString { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0 ? info : nil
    }
}

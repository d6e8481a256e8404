import FileSystem
import Foundation

/// An exclusive lock on one output folder and its cache, so that two builds into the same folder
/// take turns instead of mixing their pages.
///
/// It is an `flock` on a file beside the folder (`.OUT.galley-lock`): the kernel drops it when
/// its holder exits, however it exits, so a killed build never leaves a lock behind.
final class OutputLock: Sendable {
    private let descriptor: Int32
    /// The folder the lock file is in: the output folder's, held open for the whole build.
    let folder: ContainedFolder

    /// Takes the lock named `name` in `folder`, waiting for another build that holds it;
    /// `waiting` is called once first if it has to wait. Throws why the lock file could not be
    /// made or locked, in words.
    init(_ name: String, in folder: ContainedFolder, waiting: (() -> Void)? = nil) throws(FileSystemError) {
        let descriptor = folder.open(name, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: folder.path + "/" + name, message: FileSystemError.explain(errno)) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting?()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let error = FileSystemError(path: folder.path + "/" + name, message: FileSystemError.explain(errno))
                    close(descriptor)
                    throw error
                }
            }
        }
        self.descriptor = descriptor
        self.folder = folder
    }

    deinit { close(descriptor) }
}

import Blocking
import Failures
import FileSystem
import Foundation
import Glibc
import SiteSource
import Synchronization

/// Watches a blog's folder with inotify and calls back once per burst of changes: an editor
/// that writes a file, renames it over another and touches a third within a few milliseconds
/// causes one call. Folders made later are watched as they appear, and folders that are
/// links to elsewhere inside the blog are followed as a build follows them.
package final class FolderWatch: Sendable {
    /// How long the folder must stay quiet before a burst counts as over.
    package static let quiet: Int32 = 12
    /// The longest a burst may hold back its call, for a program that writes without pause.
    package static let longest = 0.25

    private let root: String
    private let inputs: Set<String>
    private let descriptor: Int32
    private let stopping = Atomic<Bool>(false)
    private let watches = Locked<[Int32: String]>([:])
    /// Whether the blog's folder was moved or removed since it was last watched: a folder put
    /// at its path (`mv blog blog-old && mv blog-new blog`) is watched afresh.
    private let rootMoved = Atomic<Bool>(false)

    /// Starts watching `root` for changes to the entries named `inputs` (files or folders,
    /// such as `galley.yml` and `posts`), calling `changed` on a thread of ``BlockingPool``.
    package init(root: URL, inputs: [String], changed: @escaping @Sendable () -> Void) throws {
        self.root = root.standardizedFileURL.path
        self.inputs = Set(inputs)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError(message: "cannot watch \(self.root): inotify: \(FileSystemError.explain(errno))") }
        guard add(self.root, relative: "") else {
            close(descriptor)
            throw WatchError(message: "cannot watch \(self.root): \(FileSystemError.explain(errno))")
        }
        for input in inputs { addTree(input) }
        BlockingPool.shared.detach { [self] in loop(changed) }
    }

    /// Stops watching; no call is made after it returns but one already under way.
    package func stop() { stopping.store(true, ordering: .relaxed) }

    deinit { close(descriptor) }

    // A write counts once the writer closes the file, not at each of its writes: a photo or
    // a recording copied into the blog for seconds would otherwise ask for a build every
    // `longest` while it grows, each reading a file half written.
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    @discardableResult
    private func add(_ path: String, relative: String) -> Bool {
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else { return false }
        watches.withLock { $0[watch] = relative }
        return true
    }

    /// Watches the folder at `relative` and every folder below it; links to folders are followed
    /// while they stay inside the blog, each real folder once.
    private func addTree(_ relative: String) {
        var seen = Set<String>()
        var pending = [relative]
        while let next = pending.popLast() {
            let path = root + "/" + next
            guard let real = realpath(path, nil) else { continue }
            let resolved = String(cString: real)
            free(real)
            guard resolved == root || resolved.hasPrefix(root + "/"), seen.insert(resolved).inserted, Self.isFolder(resolved) else { continue }
            guard add(path, relative: next) else { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names where Self.isFolder(path + "/" + name) { pending.append(next + "/" + name) }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func loop(_ changed: @Sendable () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopping.load(ordering: .relaxed) {
            // A blog folder moved away: whatever is at its path now is the blog, once there is one.
            if rootMoved.load(ordering: .relaxed), rewatch() { changed() }
            // Wait for a first event, waking now and then to see whether to stop.
            guard wait(milliseconds: 200), readEvents(into: &buffer) else { continue }
            // Then until the folder is quiet, or the burst has gone on too long.
            let start = Date()
            while wait(milliseconds: Self.quiet), Date().timeIntervalSince(start) < Self.longest {
                _ = readEvents(into: &buffer)
            }
            if !stopping.load(ordering: .relaxed) { changed() }
        }
    }

    /// Drops every watch and watches the folder at the blog's path afresh; false while there is
    /// none (the next wake tries again).
    private func rewatch() -> Bool {
        let old = watches.withLock { watches in
            defer { watches.removeAll() }
            return Array(watches.keys)
        }
        for watch in old { inotify_rm_watch(descriptor, watch) }
        guard Self.isFolder(root), add(root, relative: "") else { return false }
        for input in inputs { addTree(input) }
        rootMoved.store(false, ordering: .relaxed)
        return true
    }

    private func wait(milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Reads what is waiting; true when any event concerns the blog's inputs. New folders are
    /// watched on the way.
    private func readEvents(into buffer: inout [UInt8]) -> Bool {
        var relevant = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = nameLength == 0 ? "" : String(decoding: buffer[nameStart..<(nameStart + nameLength)].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true
                    continue
                }
                guard let folder = watches.withLock({ $0[watch] }) else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    _ = watches.withLock { $0.removeValue(forKey: watch) }
                    continue
                }
                if folder.isEmpty, name.isEmpty, mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0 {
                    rootMoved.store(true, ordering: .relaxed)
                    relevant = true
                    continue
                }
                // In the blog's own folder only the inputs count: not the output, cache or .git.
                let relative = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty, !inputs.contains(name), !name.isEmpty { continue }
                // Nor what an editor writes beside a file while it is open (vim's swap file, every
                // few seconds of typing), which no build reads.
                if SourceFileFilter.ignores(name) { continue }
                relevant = true
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.isEmpty, Self.isFolder(root + "/" + relative) {
                    addTree(relative)
                }
            }
        }
    }
}

/// A folder that cannot be watched.
package struct WatchError: Error, Sendable, CustomStringConvertible {
    package var message: String
}

extension WatchError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { .other }
}

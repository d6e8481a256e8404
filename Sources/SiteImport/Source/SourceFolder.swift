import FileSystem
import Foundation

/// The site being imported, read without ever leaving it: every file is opened below the folder
/// held open and through no symbolic link (`openat2` with `RESOLVE_BENEATH` and
/// `RESOLVE_NO_SYMLINKS`), so a link in the site that points at `/etc` or `~/.ssh` is listed as a
/// link, never followed. Only regular files are read; a FIFO or a device in their place is never
/// opened for long enough to block or to be read.
final class SourceFolder: Sendable {
    /// The folder as the user named it, for messages.
    let path: String
    private let folder: ContainedFolder

    /// The folder at `path`, which may itself be reached through a link: the user named it.
    init(_ path: String) throws(ImportError) {
        do {
            folder = try ContainedFolder(opening: path, followingLink: true)
        } catch {
            throw ImportError("\(path): \(error.message)", kind: .notASite)
        }
        self.path = path
    }

    /// What stands at `relative`, a path below the folder, links not followed.
    func kind(of relative: String) -> SourceEntry.Kind {
        SourceEntry.Kind(mode: folder.kind(of: relative))
    }

    func isFile(_ relative: String) -> Bool { kind(of: relative) == .file }
    func isFolder(_ relative: String) -> Bool { kind(of: relative) == .folder }

    /// The entries of the folder `relative` (empty for the top), sorted by name.
    func entries(of relative: String) -> [SourceEntry] {
        let inner: ContainedFolder
        do {
            inner = relative.isEmpty ? folder : try folder.folder(relative)
        } catch {
            return []
        }
        return inner.entries().map { name, type in
            var kind = SourceEntry.Kind(direntType: type)
            if kind == .unknown { kind = SourceEntry.Kind(mode: inner.kind(of: name)) }
            // readdir's names are decoded as UTF-8; bytes that are not come back as U+FFFD, and
            // the name no longer names the file (or names another one).
            if name.unicodeScalars.contains("\u{FFFD}"), inner.kind(of: name) == 0 { kind = .unnamed }
            return SourceEntry(name: name, path: relative.isEmpty ? name : relative + "/" + name, kind: kind)
        }.sorted { $0.name < $1.name }
    }

    /// Every regular file below the folder `relative`, and everything found there that is not
    /// one: links, other kinds of file, names that do not read back, folders too deep.
    /// A folder reached through a link (`content -> /elsewhere`) is that link, not followed.
    func walk(_ relative: String) -> SourceListing {
        var listing = SourceListing()
        var prefix = ""
        for name in relative.split(separator: "/") {
            prefix = prefix.isEmpty ? String(name) : prefix + "/" + name
            if kind(of: prefix) == .link {
                listing.links.append(prefix)
                return listing
            }
        }
        walk(relative, depth: 0, into: &listing)
        return listing
    }

    /// Deeper than any real site nests its files: each level holds a descriptor open.
    static let maximumDepth = 64

    private func walk(_ relative: String, depth: Int, into listing: inout SourceListing) {
        guard depth < Self.maximumDepth else {
            listing.others.append(relative)
            return
        }
        for entry in entries(of: relative) {
            switch entry.kind {
            case .file: listing.files.append(entry.path)
            case .folder: walk(entry.path, depth: depth + 1, into: &listing)
            case .link: listing.links.append(entry.path)
            case .other, .unnamed, .unknown: listing.others.append(entry.path)
            }
        }
    }

    /// The bytes of the regular file `relative`, if it holds at most `limit` of them.
    func bytes(of relative: String, limit: Int = 16 << 20) throws(ImportError) -> [UInt8] {
        let file = openFile(relative)
        guard file.descriptor >= 0 else { throw ImportError("\(path)/\(relative): \(file.problem)") }
        defer { close(file.descriptor) }
        guard file.info.st_size <= limit else {
            throw ImportError("\(path)/\(relative): \(file.info.st_size / 1024) KB is more than Galley reads here (\(limit / 1024) KB)")
        }
        guard let bytes = FileBytes.read(file.descriptor), bytes.count <= limit else {
            throw ImportError("\(path)/\(relative): cannot be read")
        }
        return bytes
    }

    /// The text of the regular file `relative`, decoded as UTF-8 (a byte order mark dropped).
    func text(of relative: String, limit: Int = 16 << 20) throws(ImportError) -> String {
        var bytes = try bytes(of: relative, limit: limit)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `count` bytes of the regular file `relative` (fewer in a shorter file); empty
    /// when it cannot be read.
    func prefix(of relative: String, count: Int) -> [UInt8] {
        let file = openFile(relative)
        guard file.descriptor >= 0 else { return [] }
        defer { close(file.descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = buffer.withUnsafeMutableBytes { Foundation.read(file.descriptor, $0.baseAddress! + got, count - got) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            got += read
        }
        return Array(buffer[..<got])
    }

    /// Copies the regular file `relative` to `destination` below `folder`, byte for byte.
    func copy(_ relative: String, to destination: String, in target: ContainedFolder) throws(ImportError) {
        let file = openFile(relative)
        guard file.descriptor >= 0 else { throw ImportError("\(path)/\(relative): \(file.problem)") }
        defer { close(file.descriptor) }
        do {
            try target.copy(from: file.descriptor, to: destination, times: file.info)
        } catch {
            throw ImportError(error.description)
        }
    }

    /// `relative` opened for reading if it is a regular file: without following a link, and
    /// without waiting on a FIFO (`O_NONBLOCK` changes nothing for a regular file).
    private func openFile(_ relative: String) -> (descriptor: Int32, info: stat, problem: String) {
        var info = stat()
        let descriptor = folder.open(relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return (-1, info, FileSystemError.explain(errno, opening: false)) }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return (-1, info, "not a regular file")
        }
        return (descriptor, info, "")
    }
}

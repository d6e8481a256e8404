import Digests
import FileSystem
import Foundation

/// A built site as its digests: each file's, with the parts that always differ between a preview
/// and production taken out (the base URL, the noindex tag, robots.txt), each page's title, and
/// each feed entry's. Two builds' digests tell which pages a branch really changes.
///
/// Production's are kept at its destination beside its releases; a preview's changes page is
/// made from them and the preview's own. A build keeps its last digests beside its output, and
/// files whose size and time are unchanged since are not read again.
package struct OutputDigests: Sendable, Equatable {
    /// One file.
    package struct File: Sendable, Equatable {
        package var digest: String
        /// The page's `<title>`, for pages.
        package var title: String?
        /// The size and modification time (ns) the digest was taken at.
        package var size: Int64
        package var modified: Int64
    }

    /// The base URL the build had, which its files' digests stand without.
    package var baseURL: String
    /// Files by path in the output.
    package var files: [String: File] = [:]
    /// For each feed (Atom, RSS, JSON Feed): its entries' digests by their id or link.
    package var feeds: [String: [String: String]] = [:]

    package init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// Where production keeps the digests of release `id`, relative to its folder.
    static func path(ofRelease id: String) -> String { ".galley/digests/\(id).digests" }

    /// Files no comparison should count: they differ between a preview and production by design.
    static let ignored: Set<String> = ["robots.txt"]

    /// The digests of the output in `folder`, built with `baseURL`, reading only the files that
    /// changed since `previous` (the same folder's last digests). Once `stopped` says so, no
    /// more files are read, and those left are missing from the answer.
    package static func measure(_ folder: URL, baseURL: String, previous: OutputDigests?,
                                stopped: @Sendable () -> Bool = { false }) -> OutputDigests {
        var digests = OutputDigests(baseURL: baseURL)
        let reusable = previous?.baseURL == baseURL ? previous : nil
        guard let root = try? ContainedFolder(opening: folder.path, followingLink: true) else { return digests }
        // Each folder opened once, its names stat'ed relative to it: FileManager's enumerator,
        // and a path resolved from the top for each file, cost more than the rest together.
        // The files to read are gathered first and read on every core, by their path below the
        // top (a folder held open for each would run out of descriptors): a new preview's build
        // has no digests to reuse, and one thread took a second at 10,000 posts, longer than
        // the copy of the release that it runs beside.
        var changed: [Changed] = []
        walk(root, "") { path, info in
            guard !ignored.contains(path) else { return }
            // Wrapping arithmetic: the time is only compared, and a file dated past 2262 must not trap.
            let size = Int64(info.st_size), modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
            if let known = reusable?.files[path], known.size == size, known.modified == modified {
                digests.files[path] = known
                if let entries = reusable?.feeds[path] { digests.feeds[path] = entries }
                return
            }
            changed.append(Changed(path: path, size: size, modified: modified))
        }
        let bases = basePatterns(baseURL)
        let measured = Parallel.map(changed) { changed in stopped() ? nil : measure(changed, in: root, bases: bases) }
        for (changed, measured) in zip(changed, measured) {
            guard let (file, entries) = measured else { continue }
            digests.files[changed.path] = file
            if let entries { digests.feeds[changed.path] = entries }
        }
        return digests
    }

    /// A file whose digest must be taken again: its path, and the size and time it had.
    private struct Changed: Sendable {
        var path: String
        var size: Int64
        var modified: Int64
    }

    /// The digests of one file below `root`, and of its feed entries if it is a feed; nil if it
    /// cannot be read.
    private static func measure(_ changed: Changed, in root: ContainedFolder, bases: [[UInt8]]) -> (File, [String: String]?)? {
        guard let bytes = root.read(changed.path) else { return nil }
        let normal = normalized(bytes, path: changed.path, bases: bases)
        var file = File(digest: hex(SHA256.hash(data: normal)), size: changed.size, modified: changed.modified)
        if changed.path.hasSuffix(".html") { file.title = PageText.title(in: normal) }
        let entries = FeedEntries.read(normal, path: changed.path).map { $0.mapValues { hex(SHA256.hash(data: Data($0.utf8))) } }
        return (file, entries)
    }

    /// Calls `visit` with each regular file below `folder`: its path below the top, and its
    /// stat. Links are neither followed nor visited.
    private static func walk(_ folder: ContainedFolder, _ prefix: String, _ visit: (String, stat) -> Void) {
        for (name, _) in folder.entries() {
            guard let info = folder.info(of: name) else { continue }
            let path = prefix.isEmpty ? name : prefix + "/" + name
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                visit(path, info)
            case S_IFDIR:
                // Opened below the folder, not by its path from the top: what is read is what was walked.
                if let child = try? folder.folder(name) { walk(child, path, visit) }
            default:
                continue
            }
        }
    }

    /// `data` without what differs between builds of one commit for different addresses.
    static func normalized(_ bytes: [UInt8], path: String, baseURL: String) -> [UInt8] {
        normalized(bytes, path: path, bases: basePatterns(baseURL))
    }

    /// The base URL without its closing slashes, as a page writes it and as JSON escapes it;
    /// none for no base. Worked out once a build: Foundation's replacing took about a third of the
    /// digests' time when done for each file.
    static func basePatterns(_ baseURL: String) -> [[UInt8]] {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard !base.isEmpty else { return [] }
        return [Array(base.utf8), Array(base.replacingOccurrences(of: "/", with: "\\/").utf8)]
    }

    /// `bytes` with each of `bases` (see ``basePatterns(_:)``) and the noindex tag taken out.
    static func normalized(_ bytes: [UInt8], path: String, bases: [[UInt8]]) -> [UInt8] {
        let textual = ["html", "htm", "xml", "json", "txt", "css", "js", "webmanifest", "svg"]
        guard let ext = path.split(separator: ".").last, textual.contains(ext.lowercased()) else { return bytes }
        var bytes = bytes
        for base in bases { bytes = replacing(base, with: Self.placeholder, in: bytes) }
        return replacing(Self.noindex, with: [], in: bytes)
    }

    private static let placeholder = Array("@BASE@".utf8)
    private static let noindex = Array("\n<meta name=\"robots\" content=\"noindex\">".utf8)

    /// Where `needle` next starts in `haystack` at or after `offset`: memchr for its first byte,
    /// then memcmp for the rest.
    private static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        guard let start = haystack.baseAddress, let first = needle.first else { return nil }
        var at = offset
        while haystack.count - at >= needle.count {
            guard let hit = memchr(start + at, Int32(first), haystack.count - at - needle.count + 1) else { return nil }
            at = start.distance(to: UnsafeRawPointer(hit))
            if memcmp(start + at, needle.baseAddress!, needle.count) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// Where `pattern` first starts in `bytes` at or after `offset`.
    static func first(_ pattern: [UInt8], in bytes: [UInt8], from offset: Int = 0) -> Int? {
        bytes.withUnsafeBytes { haystack in pattern.withUnsafeBytes { needle in find(needle, in: haystack, from: offset) } }
    }

    /// `bytes` with every `pattern` replaced by `replacement`, found with memchr: Foundation's
    /// string replacing on Linux took 1.5 s for the 8.6 MB of a 1,000-post blog.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return bytes }
        return bytes.withUnsafeBytes { haystack -> [UInt8] in
            pattern.withUnsafeBytes { needle -> [UInt8] in
                var result: [UInt8] = []
                var offset = 0
                while let at = Self.find(needle, in: haystack, from: offset) {
                    if result.isEmpty { result.reserveCapacity(haystack.count) }
                    result.append(contentsOf: haystack[offset..<at])
                    result.append(contentsOf: replacement)
                    offset = at + needle.count
                }
                if offset == 0 { return bytes }
                result.append(contentsOf: haystack[offset...])
                return result
            }
        }
    }

    static func hex(_ digest: SHA256.Digest) -> String { digest.hex }

    /// The digests as lines of tab-separated fields (JSON's coder took longer than hashing the
    /// pages): `galley-digests 1`, `base URL`, then `f DIGEST SIZE MODIFIED PATH TITLE` for each
    /// file and `e PATH KEY DIGEST` for each feed entry. `%`, tabs and line breaks in the
    /// fields are written `%25`, `%09`, `%0A`, `%0D`.
    func encoded() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 120)
        func add(_ text: String) { bytes.append(contentsOf: text.utf8) }
        add("galley-digests 1\nbase\t\(Self.field(baseURL))\n")
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            add("f\t"); add(file.digest); add("\t"); add(String(file.size)); add("\t"); add(String(file.modified)); add("\t")
            add(Self.field(path)); add("\t"); add(Self.field(file.title ?? "")); add("\n")
        }
        for (path, entries) in feeds.sorted(by: { $0.key < $1.key }) {
            for (key, digest) in entries.sorted(by: { $0.key < $1.key }) { add("e\t\(Self.field(path))\t\(Self.field(key))\t\(digest)\n") }
        }
        return Data(bytes)
    }

    /// Digests as ``encoded()`` writes them; nil for anything else (a damaged or older file).
    /// Read as bytes, a line and a tab at a time: splitting Strings took 13 ms for 1,200 pages.
    static func decode(_ data: Data?) -> OutputDigests? {
        guard let data else { return nil }
        let bytes = [UInt8](data)
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(bytes.count / 80)
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            if index > start { lines.append(bytes[start..<index]) }
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        guard lines.count >= 2, lines[0].elementsEqual("galley-digests 1".utf8) else { return nil }
        let head = fields(lines[1])
        guard head.count == 2, head[0].elementsEqual("base".utf8) else { return nil }
        var digests = OutputDigests(baseURL: unfield(head[1]))
        digests.files.reserveCapacity(lines.count)
        for line in lines.dropFirst(2) {
            let parts = fields(line)
            guard let kind = parts.first?.first else { return nil }
            if kind == UInt8(ascii: "f"), parts.count == 6, let size = number(parts[2]), let modified = number(parts[3]) {
                let title = unfield(parts[5])
                digests.files[unfield(parts[4])] = File(digest: String(decoding: parts[1], as: UTF8.self), title: title.isEmpty ? nil : title,
                                                        size: size, modified: modified)
            } else if kind == UInt8(ascii: "e"), parts.count == 4 {
                digests.feeds[unfield(parts[1]), default: [:]][unfield(parts[2])] = String(decoding: parts[3], as: UTF8.self)
            } else {
                return nil
            }
        }
        return digests
    }

    private static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x09, omittingEmptySubsequences: false)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
        // A time before 1970 is negative.
        if bytes.first == UInt8(ascii: "-") { return number(bytes.dropFirst()).map { -$0 } }
        guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, past) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !over, !past else { return nil }
            value = sum
        }
        return value
    }

    private static func unfield(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        return text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
            .replacingOccurrences(of: "\r\n", with: "%0D%0A").replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: "\r", with: "%0D")
    }
}

import Crypto
import Foundation

/// A built site as its digests: each file's, with the parts that always differ between a preview
/// and production taken out (the base URL, the noindex tag, robots.txt), each page's title, and
/// each feed entry's. Two builds' digests tell which pages a branch really changes.
///
/// Production's are kept at its destination beside its releases; a preview's changes page is
/// made from them and the preview's own. A build keeps its last digests beside its output, and
/// files whose size and time are unchanged since are not read again.
public struct OutputDigests: Codable, Sendable, Equatable {
    /// One file.
    public struct File: Codable, Sendable, Equatable {
        public var digest: String
        /// The page's `<title>`, for pages.
        public var title: String?
        /// The size and modification time (ns) the digest was taken at.
        public var size: Int64
        public var modified: Int64
    }

    public var version = 1
    /// The base URL the build had, which its files' digests stand without.
    public var baseURL: String
    /// Files by path in the output.
    public var files: [String: File] = [:]
    /// For each feed (Atom, RSS, JSON Feed): its entries' digests by their id or link.
    public var feeds: [String: [String: String]] = [:]

    public init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// Where production keeps the digests of release `id`, relative to its folder.
    static func path(ofRelease id: String) -> String { ".galley/digests/\(id).json" }

    /// Files no comparison should count: they differ between a preview and production by design.
    static let ignored: Set<String> = ["robots.txt"]

    /// The digests of the output in `folder`, built with `baseURL`, reading only the files that
    /// changed since `previous` (the same folder's last digests).
    public static func measure(_ folder: URL, baseURL: String, previous: OutputDigests?) -> OutputDigests {
        var digests = OutputDigests(baseURL: baseURL)
        let reusable = previous?.baseURL == baseURL ? previous : nil
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return digests }
        while let path = walk.nextObject() as? String {
            var info = stat()
            guard !ignored.contains(path), lstat(folder.path + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let size = Int64(info.st_size), modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            if let known = reusable?.files[path], known.size == size, known.modified == modified {
                digests.files[path] = known
                if let entries = reusable?.feeds[path] { digests.feeds[path] = entries }
                continue
            }
            guard let data = FileManager.default.contents(atPath: folder.path + "/" + path) else { continue }
            let normal = normalized(data, path: path, baseURL: baseURL)
            var file = File(digest: hex(SHA256.hash(data: normal)), size: size, modified: modified)
            if path.hasSuffix(".html") { file.title = PageText.title(in: normal) }
            digests.files[path] = file
            if let entries = FeedEntries.read(normal, path: path) { digests.feeds[path] = entries.mapValues { hex(SHA256.hash(data: Data($0.utf8))) } }
        }
        return digests
    }

    /// `data` without what differs between builds of one commit for different addresses.
    static func normalized(_ data: Data, path: String, baseURL: String) -> Data {
        let textual = ["html", "htm", "xml", "json", "txt", "css", "js", "webmanifest", "svg"]
        guard let ext = path.split(separator: ".").last, textual.contains(ext.lowercased()) else { return data }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        var bytes = [UInt8](data)
        if !base.isEmpty {
            bytes = replacing(Array(base.utf8), with: Self.placeholder, in: bytes)
            bytes = replacing(Array(base.replacingOccurrences(of: "/", with: "\\/").utf8), with: Self.placeholder, in: bytes)
        }
        bytes = replacing(Self.noindex, with: [], in: bytes)
        return Data(bytes)
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

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    static func decode(_ data: Data?) -> OutputDigests? {
        guard let data else { return nil }
        guard let digests = try? JSONDecoder().decode(OutputDigests.self, from: data), digests.version == 1 else { return nil }
        return digests
    }
}

import Foundation

/// What the last build of one output folder knew: each post and page as parsed and rendered, by
/// the digest of its file, and each page's fingerprint with the size and time of the file it
/// wrote. A rebuild parses only changed files and renders only pages whose inputs changed, the
/// way nanoc's outdatedness checker works.
///
/// The cache is never trusted blindly. A different galley.yml drops every parsed document; a
/// different theme or build option drops every page record; an output file whose size or time
/// is not what was recorded is rendered again; and a missing or damaged cache file is simply an
/// empty cache, which means a full build.
struct BuildCache: Sendable {
    /// Bumped whenever the meaning of anything stored changes.
    static let format = "galley-build-cache-4"

    struct CachedDocument: Sendable {
        var source: Fingerprint
        /// The file's ``FileVersion`` bytes when it was read, if it had settled: while they are
        /// the same the file need not be read again. Empty when unknown.
        var version: [UInt8] = []
        var rendered: RenderedDocument
    }

    struct PageRecord: Sendable, Equatable {
        var fingerprint: Fingerprint
        /// The file as the build left it: anything else means it was changed by hand.
        var stamp: FileStamp
    }

    /// The digest of the format and galley.yml: parsed documents are valid only under the same one.
    var documentsKey: Fingerprint
    /// The digest of the documents key, the theme and the build options: page records depend on them.
    var pagesKey: Fingerprint
    var documents: [String: CachedDocument] = [:]
    var pages: [String: PageRecord] = [:]

    init(documentsKey: Fingerprint, pagesKey: Fingerprint) {
        self.documentsKey = documentsKey
        self.pagesKey = pagesKey
    }

    /// The cache file for an output folder, inside the cache folder.
    static func file(for output: URL, in folder: URL) -> URL {
        folder.appending(path: "build-\(Fingerprint.of(output.standardizedFileURL.path).bytes.prefix(6).map { String(format: "%02x", $0) }.joined()).cache")
    }

    /// Reads a cache, keeping only what is valid under the given keys.
    static func load(from url: URL, documentsKey: Fingerprint, pagesKey: Fingerprint) -> BuildCache {
        var cache = BuildCache(documentsKey: documentsKey, pagesKey: pagesKey)
        guard let data = FileManager.default.contents(atPath: url.path) else { return cache }
        var reader = CacheReader(Array(data))
        do {
            guard try reader.string() == format else { return cache }
            let storedDocumentsKey = Fingerprint(bytes: Array(try reader.raw()))
            let storedPagesKey = Fingerprint(bytes: Array(try reader.raw()))
            let documents = try reader.array { reader in
                (try reader.string(), CachedDocument(source: Fingerprint(bytes: Array(try reader.raw())), version: Array(try reader.raw()),
                                                 rendered: try RenderedDocument.decode(from: &reader)))
            }
            let pages = try reader.array { reader in
                (try reader.string(), PageRecord(fingerprint: Fingerprint(bytes: Array(try reader.raw())), stamp: try FileStamp.decode(from: &reader)))
            }
            guard reader.atEnd else { return cache }
            if storedDocumentsKey == documentsKey {
                cache.documents = Dictionary(documents, uniquingKeysWith: { $1 })
                if storedPagesKey == pagesKey { cache.pages = Dictionary(pages, uniquingKeysWith: { $1 }) }
            }
        } catch {
            return BuildCache(documentsKey: documentsKey, pagesKey: pagesKey)
        }
        return cache
    }

    /// Writes the cache in one step.
    func save(to url: URL) throws {
        var writer = CacheWriter()
        writer.string(Self.format)
        writer.raw(documentsKey.bytes)
        writer.raw(pagesKey.bytes)
        writer.array(documents.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.raw(entry.value.source.bytes)
            writer.raw(entry.value.version)
            entry.value.rendered.encode(to: &writer)
        }
        writer.array(pages.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.raw(entry.value.fingerprint.bytes)
            entry.value.stamp.encode(to: &writer)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(writer.bytes).write(to: url, options: .atomic)
    }
}

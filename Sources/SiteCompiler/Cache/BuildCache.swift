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
    static let format = "galley-build-cache-7"

    struct CachedDocument: Sendable {
        var source: Fingerprint
        /// The file's ``FileVersion`` bytes when it was read, if it had settled: while they are
        /// the same the file need not be read again. Empty when unknown.
        var version: [UInt8] = []
        var rendered: RenderedDocument
        /// The entry as the cache file held it, written back as it is while nothing about the
        /// document changed: an edit to one post re-encodes one entry, not ten thousand.
        var encoded: ArraySlice<UInt8>?
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

    /// Reads a cache, keeping only what is valid under the given keys. The cache holds no HTML
    /// bodies: `html` renders one again, from its source path, when a page shows it.
    static func load(from url: URL, documentsKey: Fingerprint, pagesKey: Fingerprint,
                     html: @escaping @Sendable (_ sourcePath: String) -> String) -> BuildCache {
        var cache = BuildCache(documentsKey: documentsKey, pagesKey: pagesKey)
        var timer = PhaseTimer()
        let stored = CacheReader.read(url, format: format) { reader in
            timer.lap("    cache read")
            let storedDocumentsKey = try reader.fingerprint()
            let storedPagesKey = try reader.fingerprint()
            // Each document was written as one blob, so they decode on every core.
            let blobs = try reader.array { try $0.raw() }
            let decoded = Parallel.map(blobs) { blob -> (String, CachedDocument)? in
                var reader = CacheReader(blob)
                guard let path = try? reader.string(), let source = try? reader.fingerprint(), let version = try? reader.raw(),
                    let rendered = try? RenderedDocument.decode(from: &reader, html: html), reader.atEnd
                else { return nil }
                return (path, CachedDocument(source: source, version: Array(version), rendered: rendered,
                                             encoded: blob))
            }
            timer.lap("    cache decode")
            guard !decoded.contains(where: { $0 == nil }) else { throw CacheReader.Damaged() }
            let pages = try reader.array { reader in
                (try reader.string(), PageRecord(fingerprint: try reader.fingerprint(), stamp: try FileStamp.decode(from: &reader)))
            }
            return (documentsKey: storedDocumentsKey, pagesKey: storedPagesKey, documents: decoded.map { $0! }, pages: pages)
        }
        timer.lap("    cache pages")
        guard let stored, stored.documentsKey == documentsKey else { return cache }
        cache.documents = Dictionary(stored.documents, uniquingKeysWith: { $1 })
        if stored.pagesKey == pagesKey { cache.pages = Dictionary(stored.pages, uniquingKeysWith: { $1 }) }
        timer.lap("    cache dictionaries")
        return cache
    }

    /// The documents as the cache file holds them, each entry a blob of its own (so that they
    /// decode on every core); slow enough for a big blog to be worth doing while the output is
    /// being written, in one buffer, to keep memory down.
    func encodedDocuments(listing fields: [ListingFields] = []) -> [UInt8] {
        var writer = CacheWriter()
        writer.reserve(documents.values.reduce(16) { $0 + ($1.encoded?.count ?? 2048) + 4 })
        writer.int(documents.count)
        // In no particular order: the reader makes a dictionary of them anyway.
        for entry in documents {
            if let encoded = entry.value.encoded {
                writer.raw(encoded)
                continue
            }
            // The digests lists will ask for next time, so that an unchanged post costs a lookup.
            if entry.value.rendered.document.kind == .post {
                for group in fields { _ = entry.value.rendered.listingFingerprint(group) }
            }
            var entryWriter = CacheWriter()
            entryWriter.string(entry.key)
            entryWriter.fingerprint(entry.value.source)
            entryWriter.raw(entry.value.version)
            entry.value.rendered.encode(to: &entryWriter)
            writer.raw(entryWriter.bytes)
        }
        return writer.bytes
    }

    /// Writes the cache in one step (a temporary file renamed into place), with the documents
    /// from ``encodedDocuments()`` when they were encoded already.
    func save(to url: URL, encodedDocuments: [UInt8]? = nil) throws {
        var head = CacheWriter()
        head.string(Self.format)
        head.fingerprint(documentsKey)
        head.fingerprint(pagesKey)
        var tail = CacheWriter()
        tail.reserve(pages.count * 96)
        tail.array(Array(pages)) { writer, entry in
            writer.string(entry.key)
            writer.fingerprint(entry.value.fingerprint)
            entry.value.stamp.encode(to: &writer)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.path + ".tmp-\(getpid())"
        do {
            try FileBytes.write([head.bytes, encodedDocuments ?? self.encodedDocuments(), tail.bytes], to: temporary)
            guard rename(temporary, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}

import CacheFiles
import Digests
import FileSystem
import Foundation
import Layouts
import SiteContent
import SiteSource

/// What the last build of one output folder knew: each post and page as parsed, by the digest
/// of its file (with its excerpt, summary, word count and listing digests, but not its HTML
/// body, which is rendered again when a page shows it), and each page's fingerprint with the
/// size and time of the file it wrote. A rebuild parses only changed files and renders only
/// pages whose inputs changed, the way nanoc's outdatedness checker works.
///
/// Two files: the page records in the cache file, and the documents beside it (see
/// ``documentsFile(beside:)``), which a build saves as soon as they are known.
///
/// The cache is never trusted blindly. A different galley.yml drops every parsed document; a
/// different theme or build option drops every page record; an output file whose size or time
/// is not what was recorded is rendered again; and a missing or damaged cache file is simply an
/// empty cache, which means a full build.
struct BuildCache: Sendable {
    /// Bumped whenever the meaning of anything stored changes: of the page records, and of the
    /// documents file beside them.
    static let format = "galley-build-cache-8"
    static let documentsFormat = "galley-build-documents-13"

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
    /// The documents file as it was read, which unchanged entries are written back from.
    private(set) var documentsFileBytes: [UInt8] = []

    init(documentsKey: Fingerprint, pagesKey: Fingerprint) {
        self.documentsKey = documentsKey
        self.pagesKey = pagesKey
    }

    /// The bytes of a cache's two files, read before they are decoded: a build reads them while
    /// it walks the sources, which for the most part keeps one core.
    struct Files: Sendable {
        var records: [UInt8]?
        var documents: [UInt8]?

        init(beside cacheFile: URL) {
            records = FileBytes.read(cacheFile.path)
            documents = FileBytes.read(BuildCache.documentsFile(beside: cacheFile).path)
        }
    }

    /// The cache file for an output folder, inside the cache folder.
    static func file(for output: URL, in folder: URL) -> URL {
        folder.appending(path: "build-\(Fingerprint.of(output.standardizedFileURL.path).bytes.prefix(6).map { String(format: "%02x", $0) }.joined()).cache")
    }

    /// The file beside a cache file that holds its documents.
    static func documentsFile(beside cacheFile: URL) -> URL {
        cacheFile.deletingPathExtension().appendingPathExtension("documents")
    }

    /// Reads a cache (the page records in `url`, the documents beside it), keeping only what is
    /// valid under the given keys. The cache holds no HTML bodies: `html` renders one again, from
    /// its source path, when a page shows it.
    static func load(from url: URL, documentsKey: Fingerprint, pagesKey: Fingerprint, files: Files? = nil,
                     html: @escaping @Sendable (_ document: Document) -> String) -> BuildCache {
        var cache = BuildCache(documentsKey: documentsKey, pagesKey: pagesKey)
        let files = files ?? Files(beside: url)
        // The two files are decoded side by side: the records on one thread, the documents on the others.
        let records = Background {
            files.records.flatMap { bytes in CacheReader.read(bytes, format: format) { reader -> [String: PageRecord]? in
                guard try reader.fingerprint() == pagesKey else { return nil }
                let pages = try reader.array { reader in
                    (try reader.string(), PageRecord(fingerprint: try reader.fingerprint(), stamp: try FileStamp.decode(from: &reader)))
                }
                var records: [String: PageRecord] = [:]
                records.reserveCapacity(pages.count)
                for (path, record) in pages { records[path] = record }
                return records
            } } ?? nil
        }
        let fileBytes = files.documents ?? []
        let documents = CacheReader.read(fileBytes, format: documentsFormat) { reader -> [String: CachedDocument]? in
            guard try reader.fingerprint() == documentsKey else { return nil }
            // Each document was written as one blob, so they decode on every core.
            let blobs = try reader.array { reader in
                let start = reader.position
                let blob = try reader.raw()
                return (entry: start..<reader.position, blob: blob)
            }
            let decoded = Parallel.map(blobs) { entry -> (String, CachedDocument)? in
                var reader = CacheReader(entry.blob)
                guard let path = try? reader.string(), let source = try? reader.fingerprint(), let version = try? reader.raw(),
                    let rendered = try? RenderedDocument.decode(from: &reader, html: html), reader.atEnd
                else { return nil }
                return (path, CachedDocument(source: source, version: Array(version), rendered: rendered, encoded: entry.entry))
            }
            var documents: [String: CachedDocument] = [:]
            documents.reserveCapacity(decoded.count)
            for entry in decoded {
                guard let (path, document) = entry else { throw CacheReader.Damaged() }
                documents[path] = document
            }
            return documents
        } ?? nil
        // Page records mean nothing without the documents they were made from.
        guard let documents else { return cache }
        cache.documents = documents
        cache.documentsFileBytes = fileBytes
        cache.pages = records.wait() ?? [:]
        return cache
    }

    /// Takes in what the loader found and what was rendered of it: every document seen this
    /// time is remembered, drafts and future posts included, and those gone (or read again and
    /// not rendered, such as a post made a draft) are forgotten. `rendered` holds, for the posts
    /// and for the pages, the entries published, their order, and each one rendered in that
    /// order. Returns whether the documents differ from what the cache file holds.
    ///
    /// Entries the loader found unchanged, version and all, stay as the cache file held them: an
    /// edit to one post of ten thousand touches one entry.
    mutating func remember(_ loaded: ContentLoader.Loaded,
                           rendered: [(entries: [ContentLoader.Entry], order: [Int], documents: [RenderedDocument])]) -> Bool {
        var kept = documents
        documents = [:]
        var changed = false
        var cached = 0
        for entry in [loaded.posts, loaded.pages].joined() {
            guard case .cached(let document) = entry.content else { continue }
            cached += 1
            // The loader took an unchanged entry from these very documents: it is there already.
            if entry.unchanged { continue }
            kept[entry.sourcePath] = CachedDocument(source: entry.source, version: entry.version ?? [], rendered: document)
            changed = true
        }
        var fresh = Set<String>()
        for (entries, order, rendered) in rendered {
            for (position, index) in order.enumerated() {
                guard case .parsed = entries[index].content else { continue }
                fresh.insert(entries[index].sourcePath)
                kept[entries[index].sourcePath] = CachedDocument(source: entries[index].source, version: entries[index].version ?? [],
                                                                 rendered: rendered[position])
                changed = true
            }
        }
        // Every entry kept is one of those, so a count that differs means some are left over.
        if kept.count != cached + fresh.count {
            var seen = fresh
            for entry in [loaded.posts, loaded.pages].joined() {
                if case .cached = entry.content { seen.insert(entry.sourcePath) }
            }
            kept = kept.filter { seen.contains($0.key) }
            changed = true
        }
        documents = kept
        return changed
    }

    /// The documents as the cache file holds them, each entry a blob of its own (so that they
    /// decode on every core); slow enough for a big blog to be worth doing while the output is
    /// being written. Unchanged entries are not copied: they are written from the file read.
    func encodedDocuments(listing fields: [ListingFields] = []) -> FileBytes.Gather {
        var gather = FileBytes.Gather()
        var count = CacheWriter()
        count.int(documents.count)
        gather.append(count.bytes)
        let file = gather.add(documentsFileBytes)
        var fresh = CacheWriter()
        var kept: [Range<Int>] = []
        kept.reserveCapacity(documents.count)
        // In no particular order: the reader makes a dictionary of them anyway. Those kept go in
        // the order of the file they come from, so that runs of them are written as one.
        for entry in documents {
            if let encoded = entry.value.encoded {
                kept.append(encoded)
                continue
            }
            // The digests lists will ask for next time, so that an unchanged post costs a lookup.
            if entry.value.rendered.document.kind == .post {
                _ = entry.value.rendered.listingFingerprints(fields)
            }
            var entryWriter = CacheWriter()
            entryWriter.string(entry.key)
            entryWriter.fingerprint(entry.value.source)
            entryWriter.raw(entry.value.version)
            entry.value.rendered.encode(to: &entryWriter)
            fresh.raw(entryWriter.bytes)
        }
        kept.sort { $0.lowerBound < $1.lowerBound }
        for range in kept { gather.append(range, of: file) }
        gather.append(fresh.bytes)
        return gather
    }

    /// Writes the documents file beside `cacheFile` in one step (a temporary file renamed into
    /// place). A document entry describes its source file alone, so the file may be written as
    /// soon as it is encoded, whether or not the build goes on to succeed.
    func saveDocuments(_ encoded: FileBytes.Gather, beside cacheFile: URL) throws {
        try CacheWriter.write(Self.documentsFile(beside: cacheFile), format: Self.documentsFormat, then: encoded) { writer in
            writer.fingerprint(documentsKey)
        }
    }

    /// Writes the page records to `url` in one step.
    func savePages(to url: URL) throws {
        try CacheWriter.write(url, format: Self.format) { writer in
            writer.reserve(pages.count * 96)
            writer.fingerprint(pagesKey)
            writer.array(Array(pages)) { writer, entry in
                writer.string(entry.key)
                writer.fingerprint(entry.value.fingerprint)
                entry.value.stamp.encode(to: &writer)
            }
        }
    }
}

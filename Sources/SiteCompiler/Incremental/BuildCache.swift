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
/// The page records are in the cache file; the documents are beside it, in
/// ``documentShards`` files by their paths (see ``documentsFiles(beside:)``), which a build
/// saves as soon as they are known: an edit to one post writes one of them again.
///
/// The cache is never trusted blindly. A different galley.yml drops every parsed document; a
/// different theme or build option drops every page record; an output file whose size or time
/// is not what was recorded is rendered again; and a missing or damaged cache file is simply an
/// empty cache, which means a full build.
struct BuildCache: Sendable {
    /// Bumped whenever the meaning of anything stored changes: of the page records, and of the
    /// documents file beside them.
    static let format = "galley-build-cache-8"
    static let documentsFormat = "galley-build-documents-14"
    /// How many files the documents are in. Ten thousand posts' documents are 11 MB, all of
    /// which an edit to one post wrote again: about 10 ms of CPU in a build of 250.
    static let documentShards = 16

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
    /// Each documents file as it was read (empty where it was missing or not valid), which
    /// unchanged entries are written back from.
    private(set) var shardBytes: [[UInt8]] = Array(repeating: [], count: documentShards)
    /// How many entries each documents file held; nil where it was missing or not valid.
    private(set) var shardEntries: [Int?] = Array(repeating: nil, count: documentShards)

    init(documentsKey: Fingerprint, pagesKey: Fingerprint) {
        self.documentsKey = documentsKey
        self.pagesKey = pagesKey
    }

    /// The bytes of a cache's two files, read before they are decoded: a build reads them while
    /// it walks the sources, which for the most part keeps one core.
    struct Files: Sendable {
        var records: [UInt8]?
        /// Each of the documents files, in order.
        var documents: [[UInt8]?]

        init(beside cacheFile: URL) {
            records = FileBytes.read(cacheFile.path)
            documents = BuildCache.documentsFiles(beside: cacheFile).map { FileBytes.read($0.path) }
        }
    }

    /// The cache file for an output folder, inside the cache folder.
    static func file(for output: URL, in folder: URL) -> URL {
        folder.appending(path: "build-\(Fingerprint.of(output.standardizedFileURL.path).bytes.prefix(6).map { String(format: "%02x", $0) }.joined()).cache")
    }

    /// The files beside a cache file that hold its documents, in order: `build-….0.documents`
    /// to `build-….f.documents`.
    static func documentsFiles(beside cacheFile: URL) -> [URL] {
        let stem = cacheFile.deletingPathExtension()
        return (0..<documentShards).map { stem.appendingPathExtension("\(String($0, radix: 16)).documents") }
    }

    /// The one documents file that builds before the documents were split into several left
    /// beside a cache file: removed by the first build that saves them split.
    static func unsplitDocumentsFile(beside cacheFile: URL) -> URL {
        cacheFile.deletingPathExtension().appendingPathExtension("documents")
    }

    /// Everything beside a cache file that holds its documents, as this build or an older one
    /// left them.
    static func allDocumentsFiles(beside cacheFile: URL) -> [URL] {
        documentsFiles(beside: cacheFile) + [unsplitDocumentsFile(beside: cacheFile)]
    }

    /// Which documents file holds the document whose source is at `path`.
    static func shard(of path: String) -> Int {
        Int(Fingerprint.of(path).firstByte) * documentShards / 256
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
        // Each documents file on its own: one that is missing or damaged loses its documents
        // alone, whose files are then read again.
        var blobs: [(shard: Int, entry: Range<Int>, blob: ArraySlice<UInt8>)] = []
        var shardBytes = cache.shardBytes, shardEntries = cache.shardEntries
        for (shard, bytes) in files.documents.prefix(documentShards).enumerated() {
            guard let bytes, let found = CacheReader.read(bytes, format: documentsFormat, { reader -> [(Range<Int>, ArraySlice<UInt8>)]? in
                guard try reader.fingerprint() == documentsKey else { return nil }
                // Each document was written as one blob, so they decode on every core.
                return try reader.array { reader in
                    let start = reader.position
                    let blob = try reader.raw()
                    return (start..<reader.position, blob)
                }
            }) ?? nil else { continue }
            blobs += found.map { (shard, $0.0, $0.1) }
            shardBytes[shard] = bytes
            shardEntries[shard] = found.count
        }
        let decoded = Parallel.map(blobs) { entry -> (String, CachedDocument)? in
            var reader = CacheReader(entry.blob)
            guard let path = try? reader.string(), let source = try? reader.fingerprint(), let version = try? reader.raw(),
                let rendered = try? RenderedDocument.decode(from: &reader, html: html), reader.atEnd
            else { return nil }
            return (path, CachedDocument(source: source, version: Array(version), rendered: rendered,
                                         encoded: CachedDocument.Place(shard: entry.shard, range: entry.entry)))
        }
        // A file with an entry that does not decode is damaged: none of its documents is kept.
        var damaged = Set<Int>()
        for (blob, entry) in zip(blobs, decoded) where entry == nil { damaged.insert(blob.shard) }
        var documents: [String: CachedDocument] = [:]
        documents.reserveCapacity(decoded.count)
        for (blob, entry) in zip(blobs, decoded) where !damaged.contains(blob.shard) {
            if let (path, document) = entry { documents[path] = document }
        }
        for shard in damaged {
            shardBytes[shard] = []
            shardEntries[shard] = nil
        }
        // Page records mean nothing without the documents they were made from.
        guard shardEntries.contains(where: { $0 != nil }) else { return cache }
        cache.documents = documents
        cache.shardBytes = shardBytes
        cache.shardEntries = shardEntries
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

    /// The documents files that differ from those read, by their number, each entry a blob of
    /// its own (so that they decode on every core); slow enough for a big blog to be worth doing
    /// while the output is being written. Unchanged entries are not copied: they are written from
    /// the files read, and a file all of whose entries are unchanged is not written at all.
    func encodedDocuments(listing fields: [ListingFields] = []) -> [Int: FileBytes.Gather] {
        var fresh = Array(repeating: CacheWriter(), count: Self.documentShards)
        var freshCount = Array(repeating: 0, count: Self.documentShards)
        var kept = Array(repeating: [Range<Int>](), count: Self.documentShards)
        // In no particular order: the reader makes a dictionary of them anyway. Those kept go in
        // the order of the file they come from, so that runs of them are written as one.
        for entry in documents {
            if let encoded = entry.value.encoded {
                kept[encoded.shard].append(encoded.range)
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
            let shard = Self.shard(of: entry.key)
            fresh[shard].raw(entryWriter.bytes)
            freshCount[shard] += 1
        }
        var changed: [Int: FileBytes.Gather] = [:]
        for shard in 0..<Self.documentShards {
            // The same entries as the file read, all of them kept: nothing to write.
            guard freshCount[shard] > 0 || shardEntries[shard] != kept[shard].count else { continue }
            var gather = FileBytes.Gather()
            var count = CacheWriter()
            count.int(kept[shard].count + freshCount[shard])
            gather.append(count.bytes)
            let file = gather.add(shardBytes[shard])
            for range in kept[shard].sorted(by: { $0.lowerBound < $1.lowerBound }) { gather.append(range, of: file) }
            gather.append(fresh[shard].bytes)
            changed[shard] = gather
        }
        return changed
    }

    /// Writes the documents files beside `cacheFile` that `encoded` holds, each in one step (a
    /// temporary file renamed into place). A document entry describes its source file alone, so
    /// the files may be written as soon as they are encoded, whether or not the build goes on to
    /// succeed, and each one whatever became of the others.
    func saveDocuments(_ encoded: [Int: FileBytes.Gather], beside cacheFile: URL) throws {
        let files = Self.documentsFiles(beside: cacheFile)
        var failure: (any Error)?
        for (shard, gather) in encoded.sorted(by: { $0.key < $1.key }) {
            do {
                try CacheWriter.write(files[shard], format: Self.documentsFormat, then: gather) { writer in
                    writer.fingerprint(documentsKey)
                }
            } catch {
                failure = failure ?? error
            }
        }
        // What a Galley before the split left: its documents are in the files above now.
        if shardEntries.allSatisfy({ $0 == nil }) { unlink(Self.unsplitDocumentsFile(beside: cacheFile).path) }
        if let failure { throw failure }
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

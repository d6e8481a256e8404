import Blocking
import CacheFiles
import Digests
import Foundation

/// Highlighted code kept by the digest of the highlighter's identity, the language and the
/// code, in files of the cache folder that every build using that folder shares (each branch
/// the watcher builds, each output folder): a block is highlighted once, whoever shows it.
///
/// The answers are spread over sixteen files by the first digit of their key, and a file is
/// read when a build first needs one of its blocks, not before: a rebuild that renders no code
/// reads none, and one that renders a post reads the few files its blocks are in rather than
/// the whole cache. Saving merges with what a file holds by then, since another build may have
/// added to it meanwhile, and replaces it in one rename: two builds that save at once each
/// leave a whole file, the later one's, and at worst a block is highlighted again.
///
/// Typeset math is kept the same way, in files of its own (``MathTypesetting/cacheFileName``).
package final class HighlightCache: Sendable {
    static let format = "galley-highlight-cache-1"
    static let fileName = "highlight.cache"
    /// How many files the answers are spread over.
    static let shards = 16
    /// Past this many entries, a save keeps only the ones this build used: a cache shared for
    /// months by many branches would otherwise only grow.
    static let entryLimit = 50_000

    /// The folder, or nil for a cache kept in memory only.
    package let folder: URL?
    /// The name the files are made from: `highlight.cache` gives `highlight.0.cache` to
    /// `highlight.f.cache`.
    let fileName: String
    private let entries = Locked<Entries>(Entries())

    /// One answer of the highlighter: the inside of the `<code>` element, or nil for a language
    /// it does not know.
    package typealias Answer = String?

    /// An answer as the file holds it: its UTF-8 bytes, made into a string only when a build
    /// shows the block, since a rebuild looks up a handful of the file's thousands.
    private typealias Stored = ArraySlice<UInt8>?

    private struct Entries {
        /// Which files have been read into `stored`.
        var loaded = Array(repeating: false, count: HighlightCache.shards)
        var stored: [Fingerprint: Stored] = [:]
        /// Made by this build, not yet saved.
        var fresh: [Fingerprint: Answer] = [:]
        /// Made and saved since their file was read, for a cache that lives on: kept as the
        /// strings they were, where bytes for `stored` would be a copy of each.
        var saved: [Fingerprint: Answer] = [:]
        var used: Set<Fingerprint> = []
    }

    /// A cache kept in `folder` in files named after `fileName`, or in memory only when
    /// `folder` is nil.
    package init(folder: URL?, fileName: String = HighlightCache.fileName) {
        self.folder = folder
        self.fileName = fileName
    }

    /// The file of answers whose keys are in `shard`.
    func file(_ shard: Int) -> URL? {
        let name = fileName.hasSuffix(".cache") ? String(fileName.dropLast(".cache".count)) : fileName
        return folder?.appending(path: "\(name).\(String(shard, radix: 16)).cache")
    }

    /// Whether the folder holds answers of an earlier build (any of the files): a build into a
    /// new folder beside others, such as a new preview's, then finds most of its code there.
    package var holdsAnswers: Bool {
        (0..<Self.shards).contains { file($0).map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
    }

    /// Which file holds the answer for `key`.
    static func shard(of key: Fingerprint) -> Int {
        Int(key.firstByte) * shards / 256
    }

    /// The key of `code` in `language` as `identity` highlights it.
    package static func key(identity: String, language: String, code: String) -> Fingerprint {
        var builder = Fingerprint.Builder()
        builder.add(identity)
        builder.add(language.lowercased())
        builder.add(code)
        return builder.finish()
    }

    /// The answers held for `keys`, in order; `.none` for a key it does not hold.
    package func answers(for keys: [Fingerprint]) -> [Answer?] {
        entries.withLock { entries in
            for shard in Set(keys.map(Self.shard)) where !entries.loaded[shard] {
                entries.loaded[shard] = true
                guard let read = file(shard).flatMap(Self.read) else { continue }
                entries.stored.merge(read) { _, fromFile in fromFile }
            }
            return keys.map { key -> Answer? in
                if let answer = entries.fresh[key] ?? entries.saved[key] {
                    entries.used.insert(key)
                    return .some(answer)
                }
                guard let stored = entries.stored[key] else { return .none }
                entries.used.insert(key)
                return .some(stored.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    /// Keeps answers the highlighter just gave.
    package func remember(_ answers: [(Fingerprint, Answer)]) {
        entries.withLock { entries in
            for (key, answer) in answers {
                entries.fresh[key] = answer
                entries.used.insert(key)
            }
        }
    }

    /// Writes what this build added into the files, merged with what they hold now.
    package func save() throws {
        guard let folder else { return }
        let (fresh, used) = entries.withLock { ($0.fresh, $0.used) }
        guard !fresh.isEmpty else { return }
        for (shard, answers) in Dictionary(grouping: fresh, by: { Self.shard(of: $0.key) }) {
            guard let file = file(shard) else { continue }
            try Self.save(answers, into: file, used: used)
        }
        // The one file earlier versions kept everything in, which no build reads any more.
        try? FileManager.default.removeItem(at: folder.appending(path: fileName))
        // Saved: a cache that lives on (`galley serve`'s) writes them again only if they change.
        entries.withLock { entries in
            for (key, answer) in fresh where entries.fresh[key] == .some(answer) {
                entries.fresh[key] = nil
                if entries.loaded[Self.shard(of: key)] { entries.saved[key] = answer }
            }
        }
    }

    /// Writes `fresh` into `file`, beside what it holds of the answers in `used` (all of them,
    /// while it has room).
    private static func save(_ fresh: [(key: Fingerprint, value: Answer)], into file: URL, used: Set<Fingerprint>) throws {
        var kept = read(file) ?? [:]
        if kept.count + fresh.count > entryLimit / shards {
            kept = kept.filter { used.contains($0.key) }
        }
        for (key, _) in fresh { kept.removeValue(forKey: key) }
        // The new answers are written from the strings themselves: after a cold build they are
        // megabytes, and copies of them would be held at the build's peak.
        try CacheWriter.write(file, format: format) { writer in
            // Room for it all at once, rather than a buffer that doubles as it fills: a key with
            // its length, a flag and a length take at most 33 + 1 + 10 bytes, and the format
            // line comes first.
            writer.reserve(kept.values.reduce(0) { $0 + ($1?.count ?? 0) } + fresh.reduce(0) { $0 + ($1.value?.utf8.count ?? 0) }
                           + 44 * (kept.count + fresh.count) + 64)
            writer.int(kept.count + fresh.count)
            for (key, stored) in kept {
                writer.fingerprint(key)
                writer.optional(stored) { $0.raw($1) }
            }
            for (key, answer) in fresh {
                writer.fingerprint(key)
                writer.optional(answer) { $0.raw($1.utf8) }
            }
        }
    }

    private static func read(_ file: URL) -> [Fingerprint: Stored]? {
        CacheReader.read(file, format: format) { reader in
            let pairs = try reader.array { reader -> (Fingerprint, Stored) in (try reader.fingerprint(), try reader.optional { try $0.raw() }) }
            return Dictionary(pairs, uniquingKeysWith: { _, last in last })
        }
    }
}

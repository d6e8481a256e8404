import Blocking
import Foundation

/// Highlighted code kept by the digest of the highlighter's identity, the language and the
/// code, in one file of the cache folder that every build using that folder shares (each branch
/// the watcher builds, each output folder): a block is highlighted once, whoever shows it.
///
/// The file is read when a build first needs a block, not before: a rebuild that renders no
/// code never reads it. Saving merges with what the file holds by then, since another build may
/// have added to it meanwhile, and replaces it in one rename: two builds that save at once each
/// leave a whole file, the later one's, and at worst a block is highlighted again.
///
/// Typeset math is kept the same way, in a file of its own (``MathTypesetting/cacheFileName``).
final class HighlightCache: Sendable {
    static let format = "galley-highlight-cache-1"
    static let fileName = "highlight.cache"
    /// Past this many entries, a save keeps only the ones this build used: a cache shared for
    /// months by many branches would otherwise only grow.
    static let entryLimit = 50_000

    /// The file, or nil for a cache kept in memory only.
    let file: URL?
    private let entries = Locked<Entries>(Entries())

    /// One answer of the highlighter: the inside of the `<code>` element, or nil for a language
    /// it does not know.
    typealias Answer = String?

    /// An answer as the file holds it: its UTF-8 bytes, made into a string only when a build
    /// shows the block, since a rebuild looks up a handful of the file's thousands.
    private typealias Stored = ArraySlice<UInt8>?

    private struct Entries {
        var loaded = false
        var stored: [Fingerprint: Stored] = [:]
        /// Made by this build, not yet saved.
        var fresh: [Fingerprint: Answer] = [:]
        /// Made and saved since the file was read, for a cache that lives on: kept as the
        /// strings they were, where bytes for `stored` would be a copy of each.
        var saved: [Fingerprint: Answer] = [:]
        var used: Set<Fingerprint> = []
    }

    /// A cache kept in `folder` as `fileName`, or in memory only when `folder` is nil.
    init(folder: URL?, fileName: String = HighlightCache.fileName) {
        file = folder?.appending(path: fileName)
    }

    /// The key of `code` in `language` as `identity` highlights it.
    static func key(identity: String, language: String, code: String) -> Fingerprint {
        var builder = Fingerprint.Builder()
        builder.add(identity)
        builder.add(language.lowercased())
        builder.add(code)
        return builder.finish()
    }

    /// The answers held for `keys`, in order; `.none` for a key it does not hold.
    func answers(for keys: [Fingerprint]) -> [Answer?] {
        entries.withLock { entries in
            if !entries.loaded {
                entries.loaded = true
                entries.stored = file.flatMap(Self.read) ?? [:]
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
    func remember(_ answers: [(Fingerprint, Answer)]) {
        entries.withLock { entries in
            for (key, answer) in answers {
                entries.fresh[key] = answer
                entries.used.insert(key)
            }
        }
    }

    /// Writes what this build added into the file, merged with what the file holds now.
    func save() throws {
        guard let file else { return }
        let (fresh, used) = entries.withLock { ($0.fresh, $0.used) }
        guard !fresh.isEmpty else { return }
        var kept = Self.read(file) ?? [:]
        if kept.count + fresh.count > Self.entryLimit {
            kept = kept.filter { used.contains($0.key) }
        }
        for key in fresh.keys { kept.removeValue(forKey: key) }
        // The new answers are written from the strings themselves: after a cold build they are
        // megabytes, and copies of them would be held at the build's peak.
        try CacheWriter.write(file, format: Self.format) { writer in
            // Room for it all at once, rather than a buffer that doubles as it fills: a key with
            // its length, a flag and a length take at most 33 + 1 + 10 bytes, and the format
            // line comes first.
            writer.reserve(kept.values.reduce(0) { $0 + ($1?.count ?? 0) } + fresh.values.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
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
        // Saved: a cache that lives on (`galley serve`'s) writes them again only if they change.
        entries.withLock { entries in
            for (key, answer) in fresh where entries.fresh[key] == .some(answer) {
                entries.fresh[key] = nil
                if entries.loaded { entries.saved[key] = answer }
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

@testable import Digests
import Foundation
@testable import Markdown
import Testing


@Suite struct HighlightCacheTests {
    static func key(_ code: String, _ language: String = "swift") -> Fingerprint {
        HighlightCache.key(identity: "test 1", language: language, code: code)
    }

    /// What a build saved stays in a cache that lives on (`galley serve`'s), and what the file
    /// held before, from another build, is still in the file after.
    @Test func savedAnswersStayAnsweredAndTheFileKeepsWhatItHad() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-highlight-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let earlier = HighlightCache(folder: folder)
        earlier.remember([(Self.key("old"), "<span>old</span>")])
        try earlier.save()

        let cache = HighlightCache(folder: folder)
        #expect(cache.answers(for: [Self.key("old")]) == [.some("<span>old</span>")])
        // A block in a language the highlighter does not know is kept as such: nil, not missing.
        cache.remember([(Self.key("new"), "<span>new</span> é"), (Self.key("odd", "nonsense"), nil)])
        try cache.save()
        let wanted = [Self.key("new"), Self.key("odd", "nonsense"), Self.key("old"), Self.key("never")]
        let expected: [HighlightCache.Answer?] = [.some("<span>new</span> é"), .some(nil), .some("<span>old</span>"), .none]
        #expect(cache.answers(for: wanted) == expected)

        let reread = HighlightCache(folder: folder)
        #expect(reread.answers(for: wanted) == expected)
        // Each answer in the file of its key's first digit, and nothing in the file of old.
        for key in wanted.dropLast() {
            #expect(FileManager.default.fileExists(atPath: cache.file(HighlightCache.shard(of: key))!.path))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: HighlightCache.fileName).path))
    }

    /// A build that needs one block reads the file that holds it, not the others.
    @Test func onlyTheFileOfAWantedKeyIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-highlight-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = (0..<200).map { Self.key("block \($0)") }
        let writer = HighlightCache(folder: folder)
        writer.remember(keys.map { ($0, "<span>\($0)</span>") })
        try writer.save()
        let shards = Set(keys.map(HighlightCache.shard))
        #expect(shards.count == HighlightCache.shards)
        let wanted = keys[0], own = HighlightCache.shard(of: wanted)
        let reader = HighlightCache(folder: folder)
        #expect(reader.answers(for: [wanted]) == [.some("<span>\(wanted)</span>")])
        // The other files taken away: a cache that had read them all would answer from memory.
        for shard in shards where shard != own {
            try FileManager.default.removeItem(at: writer.file(shard)!)
        }
        let neighbour = try #require(keys.dropFirst().first { HighlightCache.shard(of: $0) == own })
        #expect(reader.answers(for: [neighbour]) == [.some("<span>\(neighbour)</span>")])
        let other = try #require(keys.first { HighlightCache.shard(of: $0) != own })
        #expect(reader.answers(for: [other]) == [.none])
    }
}

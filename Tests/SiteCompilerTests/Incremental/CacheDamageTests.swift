import FileSystem
import Foundation
import Testing

@testable import SiteCompiler

/// A damaged cache may make a build slower, never different.
@Suite struct CacheDamageTests {
    @Test func aGatherHasTheChecksumOfItsBytesHoweverTheyAreCut() {
        var random = SeededRandom(state: 7)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var gather = FileBytes.Gather()
            let buffer = gather.add(bytes)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...20, using: &random))
                gather.append(start..<end, of: buffer)
                // A piece of another buffer now and then, so that runs are not joined into one.
                if Bool.random(using: &random) { gather.append([]) }
                start = end
            }
            #expect(gather.checksum() == CacheChecksum.of(bytes))
        }
    }

    @Test func everyFlippedBitInACacheFileIsCaught() {
        let bytes = Array("galley-documents-9 and some text that stands for a cache file's entries".utf8)
        let sum = CacheChecksum.of(bytes)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(CacheChecksum.of(damaged) != sum, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func aBuildWithADamagedCacheEqualsAFullBuild() throws {
        var files = ["pages/about.md": TestBlog.post("title: About")]
        for day in 1...9 {
            files["posts/2024-03-0\(day)-post.md"] = TestBlog.post("title: Post \(day)\ntags: [a\(day % 2)]", "Words of post \(day).")
        }
        let blog = try TestBlog(TestBlog.config, files)
        let cache = blog.root.appending(path: ".galley-cache")
        let builder = SiteBuilder(source: blog.source, options: blog.options())
        try builder.build(into: blog.output, cache: cache)
        let cacheFile = BuildCache.file(for: blog.output, in: cache)
        let documents = BuildCache.documentsFile(beside: cacheFile)
        let records = try Data(contentsOf: cacheFile)
        let original = try Data(contentsOf: documents)
        var random = SeededRandom(state: 11)
        for round in 0..<40 {
            // Another title each round, so the pages really are rendered from what the cache says.
            try blog.write("posts/2024-03-05-post.md", TestBlog.post("title: Post five, take \(round)\ntags: [a1]", "Words."))
            var damaged = original
            let bit = Int.random(in: 0..<(damaged.count * 8), using: &random)
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            try damaged.write(to: documents)
            try records.write(to: cacheFile)
            try builder.build(into: blog.output, cache: cache)
            try blog.expectSameAsFullBuild("round \(round), bit \(bit)")
        }
    }
}

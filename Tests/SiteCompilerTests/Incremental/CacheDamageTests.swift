import FileSystem
import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A damaged cache may make a build slower, never different.
@Suite struct CacheDamageTests {
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
        let documents = BuildCache.documentsFiles(beside: cacheFile)
        let records = try Data(contentsOf: cacheFile)
        let originals = try documents.map { try Data(contentsOf: $0) }
        var random = SeededRandom(state: 11)
        for round in 0..<40 {
            // Another title each round, so the pages really are rendered from what the cache says.
            try blog.write("posts/2024-03-05-post.md", TestBlog.post("title: Post five, take \(round)\ntags: [a1]", "Words."))
            // One bit of one of the documents files, the others as they were.
            let file = Int.random(in: 0..<documents.count, using: &random)
            var damaged = originals[file]
            let bit = Int.random(in: 0..<(damaged.count * 8), using: &random)
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            for (url, original) in zip(documents, originals) { try original.write(to: url) }
            try damaged.write(to: documents[file])
            try records.write(to: cacheFile)
            try builder.build(into: blog.output, cache: cache)
            try blog.expectSameAsFullBuild("round \(round), file \(file), bit \(bit)")
        }
    }
}

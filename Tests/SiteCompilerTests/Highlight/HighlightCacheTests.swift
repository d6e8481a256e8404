import Foundation
import Testing

@testable import SiteCompiler

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
    }
}

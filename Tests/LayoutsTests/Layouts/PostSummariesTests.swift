import Blocking
@testable import Layouts
import Testing

@testable import SiteCompiler

@Suite struct PostSummariesTests {
    /// How many summaries were made, by index.
    final class Made: Sendable {
        private let counts = Locked<[Int: Int]>([:])
        func add(_ index: Int) { counts.withLock { $0[index, default: 0] += 1 } }
        subscript(index: Int) -> Int { counts.withLock { $0[index] ?? 0 } }
    }

    /// Every field's names, each with a value that tells the post.
    static func summary(_ index: Int) -> [String: Any] {
        var summary: [String: Any] = [:]
        for field in ListingField.allCases {
            for name in field.names { summary[name] = "\(name) of \(index)" }
        }
        return summary
    }

    @Test func eachSummaryIsMadeOnceWhenFirstAskedFor() {
        let made = Made()
        let summaries = PostSummaries(count: 3) { index, _ in
            made.add(index)
            return Self.summary(index)
        }
        #expect(made[1] == 0)
        #expect(summaries[1]["title"] as? String == "title of 1")
        #expect(summaries.of([1, 2, 1]).map { $0["url"] as? String } == ["url of 1", "url of 2", "url of 1"])
        #expect((made[0], made[1], made[2]) == (0, 1, 1))
    }

    @Test func fewerFieldsHoldOnlyTheirNamesAndShareTheWholeSummaries() {
        let made = Made()
        let summaries = PostSummaries(count: 2) { index, _ in
            made.add(index)
            return Self.summary(index)
        }
        let archive = summaries.showing([.title, .address, .date])
        #expect(archive.fields == [.title, .address, .date])
        #expect(Set(archive[0].keys) == ["title", "url", "permalink", "date"])
        #expect(archive[0]["permalink"] as? String == "permalink of 0")
        // Asked for again, the whole summary is the one the narrower was made from.
        #expect(summaries[0]["has_more"] as? String == "has_more of 0")
        #expect(made[0] == 1)
        // One set for each choice of fields; every field is the whole set itself.
        #expect(summaries.showing([.address, .title, .date]) === archive)
        #expect(summaries.showing(.all) === summaries)
        #expect(archive.showing([.title, .excerpt]).fields == [.title])
        summaries.forgetNarrower()
        #expect(summaries.showing([.title, .address, .date]) !== archive)
    }

    /// A build that renders a few pages makes the archive's summaries of few fields alone,
    /// rather than every post's whole summary first; one already made is still shared.
    @Test func anEditMakesFewerFieldsAloneUnlessTheWholeSummaryIsMade() {
        let asked = Locked<[ListingFields]>([])
        let summaries = PostSummaries(count: 2, fromWhole: false) { index, fields in
            asked.withLock { $0.append(fields) }
            return fields == .all ? Self.summary(index) : ListingField.summary(Self.summary(index), keeping: fields)
        }
        #expect(summaries[1]["summary"] as? String == "summary of 1")
        let titles = summaries.showing([.title])
        #expect(titles.of(0..<2).map { $0 as? [String: String] } == [["title": "title of 0"], ["title": "title of 1"]])
        #expect(asked.withLock { $0 } == [.all, [.title]])
        // Made from the whole summaries, the archive's are made for every post's first.
        let shared = Locked(0)
        let whole = PostSummaries(count: 2) { index, fields in
            shared.withLock { $0 += fields == .all ? 1 : 100 }
            return Self.summary(index)
        }
        #expect(Set(whole.showing([.title])[0].keys) == ["title"])
        #expect(shared.withLock { $0 } == 1)
    }

    /// The narrower sets hold the whole one's summaries, not the whole set, which holds them:
    /// dropped, the whole set goes, and a narrower one still answers.
    @Test func fewerFieldsKeepNoCycleWithTheWholeSet() {
        var summaries: PostSummaries? = PostSummaries(count: 2) { index, _ in Self.summary(index) }
        weak let whole = summaries
        let titles = summaries!.showing([.title])
        summaries = nil
        #expect(whole == nil)
        #expect(titles[1]["title"] as? String == "title of 1")
    }
}

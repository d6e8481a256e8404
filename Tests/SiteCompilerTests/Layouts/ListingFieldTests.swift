import Foundation
import SiteSource
import Testing

@testable import SiteCompiler

/// A post's summary, the fields it is grouped in and the fingerprint of those groups are defined
/// once, in ``ListingField``; these tests hold them to agreeing, since a value no field names, or
/// one named by the wrong field, would leave list pages stale after an incremental build.
@Suite struct ListingFieldTests {
    /// A post with every value a summary can hold, and one with none of the optional ones.
    static let files = [
        "galley.yml": TestBlog.config,
        "posts/2019-10-08-full/index.md": TestBlog.post(
            "title: Full & more\ndate: 2019-10-08 13:34\nupdated: 2019-11-01\ntags: [Swift, Café]\ndraft: true\n"
                + "summary: A short one.\naudio:\n  url: /a.mp3\n  length: 1234\n  duration: 75",
            "See ![a photo](photo.jpg) and [more](more/).\n\n<!--more-->\n\nThe rest."),
        "posts/2019-10-07-bare.md": TestBlog.post("title: Bare"),
    ]

    /// The blog of `files`, compiled with drafts, and what its summaries are made with.
    static func compile(_ files: [String: String]) throws -> (site: Site, context: TemplateContext, shared: ListingField.Shared) {
        let options = try TestBlog().options(drafts: true)
        let site = try SiteBuilder(source: MemorySource(files), options: options).compile().site
        let context = TemplateContext(site: site, options: options)
        return (site, context, ListingField.Shared(links: site.links, dates: context.dates, tags: ReadOnly(context.tagValues)))
    }

    @Test func everySummaryValueIsNamedByOneField() throws {
        let (site, context, shared) = try Self.compile(Self.files)
        let names = ListingField.allCases.flatMap(\.names)
        #expect(Set(names).count == names.count, "a name belongs to two fields")
        for (index, post) in site.posts.enumerated() {
            let summary = context.postSummaries[index]
            let unnamed = Set(summary.keys).subtracting(names)
            #expect(unnamed.isEmpty, "\(post.document.title): no field names \(unnamed.sorted())")
            // And each value comes from the field that names it, whose inputs the fingerprint digests.
            for field in ListingField.allCases {
                var values: [String: Any] = [:]
                field.values(of: post, shared, into: &values)
                let strays = Set(values.keys).subtracting(field.names)
                #expect(strays.isEmpty, "\(field) makes \(strays.sorted()), which it does not name")
            }
        }
        // The full post shows every name, so none is left over from a value no longer made.
        let full = try #require(site.posts.firstIndex { $0.document.title == "Full & more" })
        #expect(Set(context.postSummaries[full].keys) == Set(names))
    }

    @Test func aLayoutReadingANameShowsItsField() {
        for field in ListingField.allCases {
            #expect(!field.names.isEmpty)
            for name in field.names { #expect(ListingFields(names: [name]) == [field], "\(name)") }
        }
        #expect(ListingFields(names: ["page", "posts", "site"]) == [])
        #expect(ListingFields.all == ListingFields(ListingField.allCases))
    }

    @Test func fieldSetsKeepTheirBits() {
        // The cache keeps a set of fields as its bits: a field's bit must not move.
        #expect(ListingFields([.title]).bits == 1)
        #expect(ListingFields([.readingTime]).bits == 1 << 9)
        #expect(ListingFields.all.bits == (1 << 10) - 1)
        var fields: ListingFields = [.date, .tags]
        #expect(fields.insert(.date).inserted == false)
        #expect(fields.remove(.date) == .date && fields.remove(.date) == nil)
        #expect(fields.union([.audio]) == [.tags, .audio] && fields.isSubset(of: .all) && !fields.contains(.title))
    }
}

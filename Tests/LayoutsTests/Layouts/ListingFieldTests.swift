@testable import Digests
import Foundation
@testable import Layouts
@testable import SiteContent
import SiteSource
import SiteTestSupport
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
            "title: Full & more\ndate: 2019-10-08 13:34\nupdated: 2019-11-01\ntags: [Swift, Café]\ncategories: [Release]\ndraft: true\n"
                + "audio:\n  url: /a.mp3\n  length: 1234\n  duration: 75",
            "See ![a photo](photo.jpg) and [more](more/).\n\n<!--more-->\n\nThe rest."),
        "posts/2019-10-07-bare.md": TestBlog.post("title: Bare"),
    ]

    /// The blog of `files`, compiled with drafts, and what its summaries are made with.
    static func compile(_ files: [String: String]) throws -> (site: Site, context: TemplateContext, shared: ListingField.Shared) {
        let options = try TestBlog().options(drafts: true)
        let site = try SiteBuilder(source: MemorySource(files), options: options).compile().site
        let context = TemplateContext(site: site, options: options)
        return (site, context, ListingField.Shared(links: site.links, dates: context.dates, terms: ReadOnly(context.termValues), slugs: .galley))
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

    /// Two posts with the same digest of a field show the same values of it: the digest holds
    /// everything the values are made from. Each edit below changes one thing of a post, and
    /// every field's values change under one edit or more.
    @Test func aFieldsDigestChangesWheneverItsValuesDo() throws {
        let path = "posts/2019-10-08-full/index.md"
        let full = try #require(Self.files[path])
        func edit(_ old: String, _ new: String) -> String {
            precondition(full.contains(old))
            return full.replacingOccurrences(of: old, with: new)
        }
        let edits = [
            "title": edit("title: Full & more", "title: Full & less"),
            // The excerpt's links are rebased on the post's new folder.
            "slug": edit("title: Full & more", "title: Full & more\nslug: elsewhere"),
            "date": edit("13:34", "14:34"),
            // The same moment (Berlin is two hours ahead in October), written an hour ahead.
            "date's zone": edit("2019-10-08 13:34", "2019-10-08T12:34:00+01:00"),
            "updated": edit("2019-11-01", "2019-11-02"),
            "tags": edit("[Swift, Café]", "[Swift]"),
            "categories": edit("[Release]", "[Release, News]"),
            "summary": edit("draft: true", "draft: true\nsummary: A summary of its own."),
            "excerpt": edit("See ![a photo]", "Look ![a photo]"),
            "length": edit("The rest.", "The rest, and more."),
            "reading time": edit("The rest.", String(repeating: "word ", count: 300)),
            "draft": edit("draft: true", "draft: false"),
            "audio": edit("duration: 75", "duration: 76"),
        ]
        func values(_ field: ListingField, of post: RenderedDocument, _ shared: ListingField.Shared) -> Fingerprint {
            var values: [String: Any] = [:]
            field.values(of: post, shared, into: &values)
            return Fingerprint.of(value: values)
        }
        let base = try Self.compile(Self.files)
        let before = try #require(base.site.posts.first { $0.document.sourcePath == path })
        var changed = Set<ListingField>()
        for (name, text) in edits.sorted(by: { $0.key < $1.key }) {
            var files = Self.files
            files[path] = text
            let edited = try Self.compile(files)
            let after = try #require(edited.site.posts.first { $0.document.sourcePath == path })
            for field in ListingField.allCases {
                let sameValues = values(field, of: before, base.shared) == values(field, of: after, edited.shared)
                if !sameValues { changed.insert(field) }
                #expect(sameValues || before.listingFingerprint([field]) != after.listingFingerprint([field]),
                        "editing the \(name) changes the values of \(field) but not their digest")
            }
        }
        #expect(changed == Set(ListingField.allCases))
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
        #expect(ListingFields.all.bits == (1 << 11) - 1)
        var fields: ListingFields = [.date, .tags]
        #expect(fields.insert(.date).inserted == false)
        #expect(fields.remove(.date) == .date && fields.remove(.date) == nil)
        #expect(fields.union([.audio]) == [.tags, .audio] && fields.isSubset(of: .all) && !fields.contains(.title))
    }
}

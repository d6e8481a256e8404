import Blocking
import Dispatch
@testable import SiteContent
import Testing

/// A document the build cache held: its body is rendered from it when first asked for, once.
@Suite struct CachedBodyTests {
    static func document(title: String, assets: [String] = []) -> Document {
        Document(kind: .post, sourcePath: "posts/2019-10-08-kept/index.md", title: title, slug: "kept", date: nil, updated: nil, tags: [],
                 draft: false, summary: nil, layout: nil, aliases: [], audio: nil, weight: 0, authors: [], params: [:],
                 body: "", bodyLine: 1, path: "/kept/", assets: assets)
    }

    static func cached(_ document: Document, rendered: Locked<Int>) -> RenderedDocument {
        RenderedDocument(document: document, html: { document in
            rendered.withLock { $0 += 1 }
            return "<p>\(document.title)</p>"
        }, excerpt: .string(""), hasMore: false, summary: .string(""), wordCount: 0, listings: ListingDigests(),
        paramsHaveSiteKey: false, warnings: [], references: [], pictures: [])
    }

    @Test func theBodyIsRenderedFromItsDocumentOnceWhoeverAsks() {
        let rendered = Locked(0)
        let kept = Self.cached(Self.document(title: "Kept"), rendered: rendered)
        #expect(rendered.withLock { $0 } == 0)
        let bodies = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let html = kept.html
            bodies.withLock { $0.append(html) }
        }
        #expect(bodies.withLock { $0 } == Array(repeating: "<p>Kept</p>", count: 8))
        // The same document with a photo beside it now: the body shows no files, so it is
        // the body already made.
        let moved = kept.with(assets: ["posts/2019-10-08-kept/photo.jpg"])
        #expect(moved.html == "<p>Kept</p>")
        #expect(moved.document.assets == ["posts/2019-10-08-kept/photo.jpg"])
        #expect(rendered.withLock { $0 } == 1)
    }
}

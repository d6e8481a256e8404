import Blocking
@testable import Digests
import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// The render phase, seen through a publisher that only counts what it is handed.
@Suite struct PageRenderingTests {
    /// Counts each path it is handed and keeps the last text.
    final class RecordingPublisher: Publisher {
        private let handed = Locked<[String: (count: Int, text: String)]>([:])

        func publish(_ path: String, _ text: String) {
            handed.withLock { $0[path] = (($0[path]?.count ?? 0) + 1, text) }
        }

        var counts: [String: Int] { handed.withLock { $0.mapValues(\.count) } }
        func text(of path: String) -> String? { handed.withLock { $0[path]?.text } }
    }

    /// Keeps every page but those named, as if the last build had left them intact.
    struct KeepingAllBut: Outdatedness {
        var outdated: Set<String>
        func kept(_ path: String, fingerprint: Fingerprint) -> KeptPage? {
            outdated.contains(path) ? nil : .file(FileStamp(size: 1, modified: 2, changed: 3, inode: 4))
        }
    }

    @Test func aBuildPublishesEachPageOnceAndNothingElse() throws {
        let source = MemorySource(MemoryBuildTests.files)
        let options = BuildOptions(includeDrafts: false, includeFuture: false, noindex: false, now: TestBlog.now)
        let recorder = RecordingPublisher()
        let compiled = try SiteBuilder(source: source, options: options)
            .compile(progress: nil, publisher: recorder, memory: NoMemory())

        let pages = Set(compiled.output.files.compactMap { path, file in
            if case .page = file.content { path } else { nil }
        })
        #expect(pages.contains("2019/10/08/first/index.html") && pages.contains("feed.xml") && pages.contains("tags/swift/index.html"))
        #expect(Set(recorder.counts.keys) == pages)
        #expect(recorder.counts.values.allSatisfy { $0 == 1 })
        // Static files, the post folder's photo and redirects are written by the publisher's
        // owner later, from the tree; they never pass through the render phase.
        for path in ["CNAME", "2019/10/10/third/photo.jpg", "old/second/index.html", "style.css"] {
            #expect(compiled.output.files[path] != nil && recorder.counts[path] == nil, "\(path)")
        }
        #expect(recorder.text(of: "2019/10/08/first/index.html")?.contains("First") == true)
        #expect(compiled.pages.values.allSatisfy { $0.kept == nil })
    }

    @Test func pagesTheIncrementalPartKeepsAreNotRendered() {
        let rendered = Locked<[String]>([])
        func item(_ path: String, showsMany: Bool = false) -> PagePlanner.Item {
            var item = PagePlanner.Item(path: path, content: .page({
                rendered.withLock { $0.append(path) }
                return "<p>\(path)</p>"
            }), origin: "test", fingerprint: Fingerprint.of(path))
            item.showsMany = showsMany
            return item
        }
        let items = [item("a/index.html"), item("b/index.html"), item("archive/index.html", showsMany: true), item("feed.xml", showsMany: true)]
        let recorder = RecordingPublisher()
        let progress = Locked<[Int]>([])
        let made = PageRendering(outdatedness: KeepingAllBut(outdated: ["b/index.html", "feed.xml"]), publisher: recorder,
                                 progress: { done, _ in progress.withLock { $0.append(done) } }).render(items)

        #expect(Set(rendered.withLock { $0 }) == ["b/index.html", "feed.xml"])
        #expect(recorder.counts == ["b/index.html": 1, "feed.xml": 1])
        #expect(recorder.text(of: "feed.xml") == "<p>feed.xml</p>")
        #expect(made["a/index.html"]?.kept == .file(FileStamp(size: 1, modified: 2, changed: 3, inode: 4)))
        #expect(made["b/index.html"]?.kept == nil && made["b/index.html"]?.fingerprint == Fingerprint.of("b/index.html"))
        #expect(made.count == 4)
        // Progress counts the pages that many are made alike and are rendered: here one.
        #expect(progress.withLock { $0 } == [1])
    }

    @Test func withNothingIntactEveryPageIsRendered() {
        let items = (0..<300).map { PagePlanner.Item(path: "p\($0).html", content: .page({ "x" }), origin: "test", fingerprint: Fingerprint()) }
        let recorder = RecordingPublisher()
        let made = PageRendering(outdatedness: RenderEverything(), publisher: recorder, progress: nil).render(items)
        #expect(recorder.counts.count == 300 && made.values.allSatisfy { $0.kept == nil })
    }
}

import Blocking
import Digests
import Foundation
import Testing

@testable import SiteCompiler

@Suite struct EarlyRendersTests {
    /// A list page whose render is counted, and says which render of it this was.
    static func item(_ path: String, showsMany: Bool = true, renders: Locked<[String]>) -> PagePlanner.Item {
        var item = PagePlanner.Item(path: path, content: .page {
            renders.withLock { $0.append(path) }
            return "<p>\(path)</p>"
        }, origin: path, fingerprint: Fingerprint.of(path))
        item.showsMany = showsMany
        return item
    }

    static func text(of item: PagePlanner.Item) -> String? {
        guard case .page(let render) = item.content else { return nil }
        return render()
    }

    @Test func theListPagesNamedStartAtOnceInOrderAndTheOthersWait() throws {
        let renders = Locked<[String]>([])
        let items = [
            Self.item("archive/index.html", renders: renders), Self.item("2024/01/01/a/index.html", showsMany: false, renders: renders),
            Self.item("tags/a/index.html", renders: renders), Self.item("tags/b/index.html", renders: renders),
        ]
        let started = EarlyRenders.starting(items) { path, _ in path != "tags/b/index.html" }
        // Started before anything asks for them: the two named list pages, in the planned order.
        // Waited for as long as it takes: the threads they run on are shared with every test of
        // the process, and a passing run waits no longer for it.
        let deadline = Date() + 60
        while renders.withLock({ $0.count }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(renders.withLock { $0 } == ["archive/index.html", "tags/a/index.html"])
        // Asked for, each gives its own page, and the early ones are not rendered again.
        #expect(started.map(Self.text(of:)) == items.map { "<p>\($0.path)</p>" })
        #expect(renders.withLock { $0 }.sorted() == ["2024/01/01/a/index.html", "archive/index.html", "tags/a/index.html", "tags/b/index.html"])
        #expect(started.map(\.path) == items.map(\.path))
        #expect(started.map(\.fingerprint) == items.map(\.fingerprint))
    }

    @Test func nothingStartsWithoutAWayToTell() {
        let renders = Locked<[String]>([])
        let items = [Self.item("archive/index.html", renders: renders)]
        let started = EarlyRenders.starting(items, where: nil)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(renders.withLock { $0 }.isEmpty)
        #expect(started.map(Self.text(of:)) == ["<p>archive/index.html</p>"])
    }
}

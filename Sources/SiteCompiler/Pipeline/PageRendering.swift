import Digests
import FileSystem
import SiteContent

/// The render phase: each planned page that is out of date goes through its layout and on to a
/// ``Publisher``; the others are kept as the last build left them.
///
/// Pages that many of are made alike (posts, pages, home pages) are spread over every core.
/// The pages made from many posts are rendered one at a time on a thread of their own meanwhile:
/// swift-mustache renders each of them as it is (no two tag pages are alike), and its casts
/// slow each other down on two cores at once, where the pages made alike cost almost none
/// (see ``LayoutRendering``).
struct PageRendering: Sendable {
    /// Which pages the last build made that are still good; ask it before rendering.
    var outdatedness: any Outdatedness
    var publisher: any Publisher
    var progress: BuildProgress?

    /// What the render phase did with a page.
    struct Made: Sendable {
        var fingerprint: Fingerprint
        /// What stays in the page's place, when it was kept without being rendered.
        var kept: KeptPage?
    }

    /// Renders and publishes every page of `pages` that is out of date; returns what was made
    /// of each, by path.
    func render(_ pages: [PagePlanner.Item]) -> [String: Made] {
        var made: [String: Made] = [:]
        made.reserveCapacity(pages.count)
        var many: [PagePlanner.Item] = [], lists: [PagePlanner.Item] = []
        // Asked of every page on every core: an edit keeps ten thousand pages and renders a few.
        let outdatedness = outdatedness
        let kept = Parallel.map(pages, inRuns: true) { page in page.fingerprint.flatMap { outdatedness.kept(page.path, fingerprint: $0) } }
        // By index: each page is looked at where it is, not copied out whole.
        for index in pages.indices {
            guard let fingerprint = pages[index].fingerprint else { continue }
            if let kept = kept[index] {
                made[pages[index].path] = Made(fingerprint: fingerprint, kept: kept)
                continue
            }
            made[pages[index].path] = Made(fingerprint: fingerprint)
            // A file copied as it is has nothing to render: the writer copies it.
            guard case .page = pages[index].content else { continue }
            if pages[index].showsMany { lists.append(pages[index]) } else { many.append(pages[index]) }
        }
        lists = lists.filter(\.startsFirst) + lists.filter { !$0.startsFirst }
        let publisher = publisher
        @Sendable func publish(_ page: PagePlanner.Item) {
            guard case .page(let render) = page.content else { return }
            publisher.publish(page.path, render())
        }
        let listJobs = JoinableJobs(lists.map { page in { publish(page) } })
        let counter = ProgressCounter(total: many.count, report: progress)
        _ = Parallel.map(many, inRuns: true) { page in
            publish(page)
            counter.step()
        }
        _ = listJobs.results()
        return made
    }
}

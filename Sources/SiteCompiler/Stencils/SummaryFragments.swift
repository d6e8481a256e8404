import Blocking

/// Each post summary's fragment of a page shape, by its index in ``Site/posts``: walked once
/// for all the pages that show the summary (its neighbours' pages, a home page) rather than
/// again for each.
///
/// Pages render on several threads at once; a fragment two of them want at the same moment may
/// be made twice, which is harmless since both are the same.
final class SummaryFragments: Sendable {
    private let summaries: PostSummaries
    /// Nil for a fragment not made yet, `.some(nil)` for a summary that holds a value shapes do not know.
    private let made: Locked<[PageShape.Fragment??]>

    init(_ summaries: PostSummaries) {
        self.summaries = summaries
        made = Locked(Array(repeating: nil, count: summaries.count))
    }

    /// The fragment of summary `index`; nil when it holds a value shapes do not know.
    func fragment(_ index: Int) -> PageShape.Fragment? {
        if let known = made.withLock({ $0[index] }) { return known }
        let fragment = PageShape.Fragment(summaries[index])
        made.withLock { $0[index] = fragment }
        return fragment
    }
}

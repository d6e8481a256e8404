import Blocking

/// Each post summary's fragment of a page shape, by its index in ``Site/posts``: walked once
/// for all the pages that show the summary (its neighbours' pages, a home page) rather than
/// again for each.
///
/// Pages render on several threads at once; a fragment two of them want at the same moment may
/// be made twice, which is harmless since both are the same.
package final class SummaryFragments: Sendable {
    private let summaries: PostSummaries
    /// Whether the fragments repeat long lists of one shape (see ``PageShape/Repeat``).
    private let repeats: Bool
    /// Nil for a fragment not made yet, `.some(nil)` for a summary that holds a value shapes do not know.
    private let made: Locked<[PageShape.Fragment??]>

    init(_ summaries: PostSummaries, repeats: Bool = true) {
        self.summaries = summaries
        self.repeats = repeats
        made = Locked(Array(repeating: nil, count: summaries.count))
    }

    /// The fragment of summary `index`; nil when it holds a value shapes do not know.
    func fragment(_ index: Int) -> PageShape.Fragment? {
        if let known = made.withLock({ $0[index] }) { return known }
        let fragment = PageShape.Fragment(summaries[index], repeats: repeats)
        made.withLock { $0[index] = fragment }
        return fragment
    }
}

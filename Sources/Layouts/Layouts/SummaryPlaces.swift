/// Where a page's values hold posts' summaries (see ``PostSummaries``), each by its index in
/// ``Site/posts``: the very dictionaries `PostSummaries` made, which many pages share (a post's
/// summary is on its neighbours' pages and on a home page).
package struct SummaryPlaces: Sendable {
    /// Summaries held by a dictionary at the top of the values: `["page": ["previous": 4]]` for
    /// `values["page"]["previous"]`.
    var children: [String: [String: Int]] = [:]
    /// Lists of summaries at the top of the values, each item in order: `["posts": 10..<20]`.
    var lists: [String: Range<Int>] = [:]

    package init(children: [String: [String: Int]] = [:], lists: [String: Range<Int>] = [:]) {
        self.children = children
        self.lists = lists
    }
}

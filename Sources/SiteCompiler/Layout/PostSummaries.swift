import FileSystem
import Foundation

/// Each post's list values (`posts` in list layouts), made the first time a page asks for them:
/// a rebuild that renders three pages of a big blog should not build ten thousand summaries.
///
/// Pages render on several threads at once; a summary two of them want at the same moment may be
/// made twice, and the first one stored wins, which is harmless since both are the same.
final class PostSummaries: @unchecked Sendable {
    private let posts: [RenderedDocument]
    private let make: @Sendable (RenderedDocument) -> [String: Any]
    private let lock = NSLock()
    private var made: [[String: Any]?]
    /// Each summary's part of a page shape, walked once for all the pages that show it.
    private var fragments: [PageShape.Fragment??]

    init(_ posts: [RenderedDocument], make: @escaping @Sendable (RenderedDocument) -> [String: Any]) {
        self.posts = posts
        self.make = make
        made = Array(repeating: nil, count: posts.count)
        fragments = Array(repeating: nil, count: posts.count)
    }

    var count: Int { posts.count }

    subscript(index: Int) -> [String: Any] {
        lock.lock()
        if let value = made[index] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = make(posts[index])
        lock.lock()
        defer { lock.unlock() }
        if made[index] == nil { made[index] = value }
        return made[index]!
    }

    /// The shape fragment of summary `index` (nil if it holds a value shapes do not know).
    func fragment(_ index: Int) -> PageShape.Fragment? {
        lock.lock()
        if let known = fragments[index] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let fragment = PageShape.Fragment(self[index])
        lock.lock()
        defer { lock.unlock() }
        fragments[index] = fragment
        return fragment
    }

    /// The summaries of `indices`, made on every core when there are many.
    func of(_ indices: some Collection<Int>) -> [[String: Any]] {
        let wanted = Array(indices)
        if wanted.count >= 64 {
            _ = Parallel.map(wanted) { index in ReadOnly(self[index]) }
        }
        return wanted.map { self[$0] }
    }
}

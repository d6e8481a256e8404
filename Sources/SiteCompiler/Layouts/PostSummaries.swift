import FileSystem
import Foundation

/// Each post's list values (`posts` in list layouts), made the first time a page asks for them:
/// a rebuild that renders three pages of a big blog should not build ten thousand summaries.
///
/// Pages render on several threads at once; a summary two of them want at the same moment may be
/// made twice, and the first one stored wins, which is harmless since both are the same.
final class PostSummaries: @unchecked Sendable {
    /// How many posts there are, each with a summary.
    let count: Int
    private let make: @Sendable (Int) -> [String: Any]
    private let lock = NSLock()
    private var made: [[String: Any]?]

    /// The summaries of `count` posts, the one at an index made by `make`.
    init(count: Int, make: @escaping @Sendable (_ index: Int) -> [String: Any]) {
        self.count = count
        self.make = make
        made = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> [String: Any] {
        lock.lock()
        if let value = made[index] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = make(index)
        lock.lock()
        defer { lock.unlock() }
        if made[index] == nil { made[index] = value }
        return made[index]!
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

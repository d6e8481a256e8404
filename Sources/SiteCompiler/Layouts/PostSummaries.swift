import Blocking
import FileSystem

/// Each post's list values (`posts` in list layouts), made the first time a page asks for them:
/// a rebuild that renders three pages of a big blog should not build ten thousand summaries.
///
/// Pages render on several threads at once; a summary two of them want at the same moment may be
/// made twice, and the first one stored wins, which is harmless since both are the same.
final class PostSummaries: Sendable {
    /// How many posts there are, each with a summary.
    let count: Int
    private let make: @Sendable (Int) -> [String: Any]
    /// The summaries made so far, by index; each only read once made.
    private let made: Locked<[ReadOnly<[String: Any]>?]>

    /// The summaries of `count` posts, the one at an index made by `make`.
    init(count: Int, make: @escaping @Sendable (_ index: Int) -> [String: Any]) {
        self.count = count
        self.make = make
        made = Locked(Array(repeating: nil, count: count))
    }

    subscript(index: Int) -> [String: Any] {
        if let known = made.withLock({ $0[index] }) { return known.value }
        let value = ReadOnly(make(index))
        return made.withLock { made in
            if let first = made[index] { return first }
            made[index] = value
            return value
        }.value
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

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
    /// The fields each summary holds.
    let fields: ListingFields
    private let memo: Memo
    /// The summaries of fewer fields made so far (see ``showing(_:)``).
    private let narrower = Locked<[ListingFields: PostSummaries]>([:])

    /// The summaries of `count` posts, of every field, the one at an index made by `make`.
    convenience init(count: Int, make: @escaping @Sendable (_ index: Int) -> [String: Any]) {
        self.init(count: count, fields: .all, memo: Memo(count: count, make: make))
    }

    private init(count: Int, fields: ListingFields, memo: Memo) {
        self.count = count
        self.fields = fields
        self.memo = memo
    }

    /// The summaries with only `fields`, for a layout that shows no others (see
    /// ``Theme/fields(of:)``, by which its pages are fingerprinted too). The archive shows a
    /// title, an address and a date of every post: its summaries hold only those, so that they
    /// do not differ from post to post in what it never shows (whether a post has more than
    /// its excerpt) and its list repeats one stencil (see ``PageShape/Repeat``).
    func showing(_ fields: ListingFields) -> PostSummaries {
        let fields = fields.intersection(self.fields)
        guard fields != self.fields else { return self }
        // Made from these summaries, whose values they share: a full build makes these for the
        // home pages anyway, and the two apart would hold each value twice. They hold these
        // summaries' memo, not this object, which holds them.
        let whole = memo
        return narrower.withLock { narrower in
            if let known = narrower[fields] { return known }
            let made = PostSummaries(count: count, fields: fields, memo: Memo(count: count) { index in
                ListingField.summary(whole[index], keeping: fields)
            })
            narrower[fields] = made
            return made
        }
    }

    subscript(index: Int) -> [String: Any] { memo[index] }

    /// Lets go of the summaries of fewer fields: once the list pages are rendered, a big blog's
    /// ten thousand of them would only add to the most memory a build holds, which comes later.
    func forgetNarrower() {
        narrower.withLock { $0 = [:] }
    }

    /// The summaries of `indices`, made on every core when there are many.
    func of(_ indices: some Collection<Int>) -> [[String: Any]] {
        let wanted = Array(indices)
        if wanted.count >= 64 {
            _ = Parallel.map(wanted) { index in ReadOnly(self[index]) }
        }
        return wanted.map { self[$0] }
    }

    /// Each summary, made by `make` the first time it is asked for and kept.
    private final class Memo: Sendable {
        private let make: @Sendable (_ index: Int) -> [String: Any]
        /// The summaries made so far, by index; each only read once made.
        private let made: Locked<[ReadOnly<[String: Any]>?]>

        init(count: Int, make: @escaping @Sendable (_ index: Int) -> [String: Any]) {
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
    }
}

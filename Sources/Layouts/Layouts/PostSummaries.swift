import Blocking
import FileSystem
import SiteContent

/// Each post's list values (`posts` in list layouts), made the first time a page asks for them:
/// a rebuild that renders three pages of a big blog should not build ten thousand summaries.
///
/// Pages render on several threads at once; a summary two of them want at the same moment may be
/// made twice, and the first one stored wins, which is harmless since both are the same.
package final class PostSummaries: Sendable {
    /// How many posts there are, each with a summary.
    package let count: Int
    /// The fields each summary holds.
    let fields: ListingFields
    private let memo: Memo
    /// Makes the summary of a post, by index, with only some fields.
    private let make: @Sendable (_ index: Int, _ fields: ListingFields) -> [String: Any]
    /// Whether summaries of fewer fields are made from the whole ones, made first where they are
    /// not yet; else only where they are, and on their own elsewhere.
    private let fromWhole: Bool
    /// The summaries of fewer fields made so far (see ``showing(_:)``).
    private let narrower = Locked<[ListingFields: PostSummaries]>([:])

    /// The summaries of `count` posts, the one at an index made by `make` with the fields asked
    /// for: every field, but for ``showing(_:)``.
    ///
    /// `fromWhole` says whether the summaries of fewer fields are made from those of every field
    /// even where these are not made yet: when the home pages will ask for every post's whole
    /// summary anyway, as in a first build, both would otherwise hold each value. A build that
    /// renders a few pages makes the archive's ten thousand summaries of three fields alone.
    convenience init(count: Int, fromWhole: Bool = true, make: @escaping @Sendable (_ index: Int, _ fields: ListingFields) -> [String: Any]) {
        self.init(count: count, fields: .all, memo: Memo(count: count) { make($0, .all) }, make: make, fromWhole: fromWhole)
    }

    private init(count: Int, fields: ListingFields, memo: Memo, make: @escaping @Sendable (_ index: Int, _ fields: ListingFields) -> [String: Any],
                 fromWhole: Bool) {
        self.count = count
        self.fields = fields
        self.memo = memo
        self.make = make
        self.fromWhole = fromWhole
    }

    /// The summaries with only `fields`, for a layout that shows no others (see
    /// ``Theme/fields(of:)``, by which its pages are fingerprinted too). The archive shows a
    /// title, an address and a date of every post: its summaries hold only those, so that they
    /// do not differ from post to post in what it never shows (whether a post has more than
    /// its excerpt) and its list repeats one stencil (see ``PageShape/Repeat``).
    package func showing(_ fields: ListingFields) -> PostSummaries {
        let fields = fields.intersection(self.fields)
        guard fields != self.fields else { return self }
        // Made from these summaries where they can, sharing their values (see `init`). They
        // hold these summaries' memo, not this object, which holds them.
        let whole = memo, make = make, fromWhole = fromWhole
        return narrower.withLock { narrower in
            if let known = narrower[fields] { return known }
            let made = PostSummaries(count: count, fields: fields, memo: Memo(count: count) { index in
                if fromWhole { return ListingField.summary(whole[index], keeping: fields) }
                return whole.made(index).map { ListingField.summary($0, keeping: fields) } ?? make(index, fields)
            }, make: make, fromWhole: fromWhole)
            narrower[fields] = made
            return made
        }
    }

    subscript(index: Int) -> [String: Any] { memo[index] }

    /// Lets go of the summaries of fewer fields: once the list pages are rendered, a big blog's
    /// ten thousand of them would only add to the most memory a build holds, which comes later.
    /// They are freed on another thread: the build goes on to write its pages meanwhile.
    package func forgetNarrower() {
        let forgotten = narrower.withLock { narrower in
            defer { narrower = [:] }
            return narrower
        }
        Parallel.release(forgotten)
    }

    /// The summaries of `indices`, made on every core when there are many.
    package func of(_ indices: some Collection<Int>) -> [[String: Any]] {
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

        /// The summary at `index`, if it has been made.
        func made(_ index: Int) -> [String: Any]? {
            made.withLock { $0[index]?.value }
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

import Blocking
import Digests

/// One document's listing digests by field groups: a few at most, each made once, whichever
/// thread asks first (a generator, or the cache encoding beside it).
///
/// Those read from the cache never change and are looked at without a lock; a rebuild of a big
/// blog asks every post for its digests several times and makes almost none. Those made since
/// are kept under one lock that every document shares: making one is rare after the first build,
/// and the lock is held only to look or to add, never while a digest is made.
package final class ListingDigests: @unchecked Sendable {
    private let recalled: [(fields: Int, fingerprint: Fingerprint)]
    /// Guarded by ``lock``.
    private var made: [(fields: Int, fingerprint: Fingerprint)] = []
    private static let lock = Locked(())

    package init(_ digests: [(fields: Int, fingerprint: Fingerprint)] = []) { recalled = digests }

    /// The digests of `count` field groups, in order, each named by `key` and, where missing,
    /// made by `make`, both given the group's index: the digests are looked at once and, if any
    /// was made, added to once. (Not generic over the groups: the callers are in other modules,
    /// where a generic function of this one runs unspecialized.)
    package func digests(count: Int, key: (_ index: Int) -> Int, make: (_ index: Int) -> Fingerprint) -> [Fingerprint] {
        var result: [Fingerprint] = []
        result.reserveCapacity(count)
        var missing: [Int] = []
        for index in 0..<count {
            let fields = key(index)
            if let digest = recalled.first(where: { $0.fields == fields }) {
                result.append(digest.fingerprint)
            } else {
                result.append(Fingerprint())
                missing.append(index)
            }
        }
        guard !missing.isEmpty else { return result }
        let known = Self.lock.withLock { _ in made }
        var new: [(fields: Int, fingerprint: Fingerprint)] = []
        for index in missing {
            let fields = key(index)
            if let digest = known.first(where: { $0.fields == fields }) {
                result[index] = digest.fingerprint
            } else {
                result[index] = make(index)
                new.append((fields, result[index]))
            }
        }
        if !new.isEmpty {
            Self.lock.withLock { _ in
                for entry in new where !made.contains(where: { $0.fields == entry.fields }) { made.append(entry) }
            }
        }
        return result
    }

    /// Every digest made so far.
    package var known: [(fields: Int, fingerprint: Fingerprint)] { recalled + Self.lock.withLock { _ in made } }
}

import Blocking
import Digests

/// One document's listing digests by field groups: a few at most, each made once, whichever
/// thread asks first (a generator, or the cache encoding beside it).
package final class ListingDigests: Sendable {
    private let digests: Locked<[(fields: Int, fingerprint: Fingerprint)]>

    package init(_ digests: [(fields: Int, fingerprint: Fingerprint)] = []) { self.digests = Locked(digests) }

    /// The digests of `count` field groups, in order, each named by `key` and, where missing,
    /// made by `make`, both given the group's index: the digests are looked at once and, if any
    /// was made, added to once. (Not generic over the groups: the callers are in other modules,
    /// where a generic function of this one runs unspecialized.)
    package func digests(count: Int, key: (_ index: Int) -> Int, make: (_ index: Int) -> Fingerprint) -> [Fingerprint] {
        let known = digests.withLock { $0 }
        var made: [(fields: Int, fingerprint: Fingerprint)] = []
        let result = (0..<count).map { index in
            let fields = key(index)
            if let digest = known.first(where: { $0.fields == fields }) { return digest.fingerprint }
            let fingerprint = make(index)
            made.append((fields, fingerprint))
            return fingerprint
        }
        if !made.isEmpty {
            digests.withLock { digests in
                for entry in made where !digests.contains(where: { $0.fields == entry.fields }) { digests.append(entry) }
            }
        }
        return result
    }

    /// Every digest made so far.
    package var known: [(fields: Int, fingerprint: Fingerprint)] { digests.withLock { $0 } }
}

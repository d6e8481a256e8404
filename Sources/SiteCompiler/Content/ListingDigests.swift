import Blocking
import Digests

/// One document's listing digests by field groups: a few at most, each made once, whichever
/// thread asks first (a generator, or the cache encoding beside it).
final class ListingDigests: Sendable {
    private let digests: Locked<[(fields: Int, fingerprint: Fingerprint)]>

    init(_ digests: [(fields: Int, fingerprint: Fingerprint)] = []) { self.digests = Locked(digests) }

    /// The digests of `groups`, in order, made where missing: the digests are looked at once
    /// and, if any was made, added to once.
    func digests<Group>(of groups: [Group], key: (Group) -> Int, make: (Group) -> Fingerprint) -> [Fingerprint] {
        let known = digests.withLock { $0 }
        var made: [(fields: Int, fingerprint: Fingerprint)] = []
        let result = groups.map { fields in
            if let digest = known.first(where: { $0.fields == key(fields) }) { return digest.fingerprint }
            let fingerprint = make(fields)
            made.append((key(fields), fingerprint))
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
    var known: [(fields: Int, fingerprint: Fingerprint)] { digests.withLock { $0 } }
}

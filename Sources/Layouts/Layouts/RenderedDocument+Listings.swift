import Digests
import Foundation
import SiteContent

extension RenderedDocument {
    /// The digest of the values a list shows of this document (its summary, see
    /// ``ListingField``), of `fields` only. Pages that list a post depend on this, not on the
    /// whole file.
    package func listingFingerprint(_ fields: ListingFields) -> Fingerprint {
        listingFingerprints([fields])[0]
    }

    /// ``listingFingerprint(_:)`` for each of `groups`, in order, with one look at the digests.
    package func listingFingerprints(_ groups: [ListingFields]) -> [Fingerprint] {
        listings.digests(count: groups.count, key: { groups[$0].bits }, make: { makeListingFingerprint(groups[$0]) })
    }

    private func makeListingFingerprint(_ fields: ListingFields) -> Fingerprint {
        var builder = Fingerprint.Builder()
        builder.add(fields.bits)
        for field in ListingField.allCases where fields.contains(field) { field.digest(of: self, into: &builder) }
        return builder.finish()
    }
}

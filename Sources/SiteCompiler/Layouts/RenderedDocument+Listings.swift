import Foundation

extension RenderedDocument {
    /// The digest of the values a list shows of this document (its summary values in
    /// ``TemplateContext``), of the groups in `fields` only. Pages that list a post depend on
    /// this, not on the whole file.
    func listingFingerprint(_ fields: ListingFields) -> Fingerprint {
        listingFingerprints([fields])[0]
    }

    /// ``listingFingerprint(_:)`` for each of `groups`, in order, with one look at the digests.
    func listingFingerprints(_ groups: [ListingFields]) -> [Fingerprint] {
        listings.digests(of: groups, key: { $0.rawValue }, make: makeListingFingerprint)
    }

    private func makeListingFingerprint(_ fields: ListingFields) -> Fingerprint {
        let d = document
        var builder = Fingerprint.Builder()
        builder.add(fields.rawValue)
        if fields.contains(.title) { builder.add(d.title) }
        if fields.contains(.address) { builder.add(d.path) }
        if fields.contains(.date) { builder.add(d.date?.timeIntervalSince1970) }
        if fields.contains(.updated) { builder.add(d.updated?.timeIntervalSince1970) }
        if fields.contains(.tags) {
            builder.add(d.tags.count)
            for tag in d.tags { builder.add(tag) }
        }
        if fields.contains(.excerpt) {
            builder.add(hasMore)
            builder.add(excerpt)
            builder.add(summary)
        }
        if fields.contains(.length) { builder.add(wordCount) }
        if fields.contains(.readingTime) { builder.add(TemplateContext.readingTime(wordCount)) }
        if fields.contains(.draft) { builder.add(d.draft) }
        if fields.contains(.audio), let audio = d.audio {
            builder.add(audio.url)
            builder.add(audio.length)
            builder.add(audio.type)
            builder.add(audio.duration ?? -1)
        }
        return builder.finish()
    }
}

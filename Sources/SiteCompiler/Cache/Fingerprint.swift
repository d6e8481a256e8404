import Crypto
import Foundation
import Synchronization

/// A SHA-256 digest of what went into a page, so a rebuild can tell whether the page would come
/// out the same without rendering it.
///
/// Held inline (four words, no allocation): a big blog's rebuild makes and compares tens of
/// thousands of them.
struct Fingerprint: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The digest of nothing at all, standing for a missing part (a first post's newer neighbour).
    init() {}

    /// The digest of the parts, in order.
    init(_ parts: Fingerprint...) { self.init(parts) }

    init(_ parts: [Fingerprint], label: String = "") {
        var builder = Builder()
        builder.add(label)
        for part in parts { builder.add(part) }
        self = builder.finish()
    }

    /// A digest stored earlier; anything but 32 bytes (a damaged cache) is no digest at all.
    init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
    }

    /// The 32 bytes of the digest.
    var bytes: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }

    static func == (a: Fingerprint, b: Fingerprint) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    func hash(into hasher: inout Hasher) { hasher.combine(words.0) }

    /// The digest of some data.
    static func of(_ data: Data) -> Fingerprint {
        var builder = Builder()
        data.withUnsafeBytes { builder.hasher.update(bufferPointer: $0) }
        return builder.finish()
    }

    /// The digest of some text.
    static func of(_ text: String) -> Fingerprint {
        var builder = Builder()
        var text = text
        text.withUTF8 { builder.hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return builder.finish()
    }

    /// Feeds values into one digest without building them into a string first. Each text is
    /// ended by a zero byte, so that `("ab", "c")` and `("a", "bc")` differ.
    struct Builder {
        fileprivate var hasher = SHA256()

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            withUnsafeBytes(of: UInt8(0)) { hasher.update(bufferPointer: $0) }
        }

        mutating func add(_ number: Int) {
            withUnsafeBytes(of: number.littleEndian) { hasher.update(bufferPointer: $0) }
        }

        mutating func add(_ number: Double?) { add(Int(bitPattern: UInt(number?.bitPattern ?? Double.nan.bitPattern))) }

        mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }

        mutating func add(_ part: Fingerprint) {
            withUnsafeBytes(of: part.words) { hasher.update(bufferPointer: $0) }
        }

        func finish() -> Fingerprint {
            var fingerprint = Fingerprint()
            let digest = hasher.finalize()
            withUnsafeMutableBytes(of: &fingerprint.words) { target in digest.withUnsafeBytes { target.copyBytes(from: $0) } }
            return fingerprint
        }
    }

    /// The digest of a layout value (strings, numbers, booleans, dates, arrays and dictionaries),
    /// independent of dictionary order.
    static func of(value: Any) -> Fingerprint {
        var hasher = SHA256()
        feed(value, into: &hasher)
        var builder = Builder()
        builder.hasher = hasher
        return builder.finish()
    }

    private static func feed(_ value: Any, into hasher: inout SHA256) {
        func tag(_ character: Character, _ text: String) {
            hasher.update(data: Array(String(character).utf8) + Array(String(text.utf8.count).utf8) + [0x3A] + Array(text.utf8))
        }
        switch value {
        case let text as String: tag("s", text)
        case let flag as Bool: tag("b", flag ? "1" : "0")
        case let number as Int: tag("i", String(number))
        case let number as Double: tag("d", String(number.bitPattern))
        case let date as DateValue: tag("t", "\(date.date.timeIntervalSinceReferenceDate)|\(date.style.defaultFormat.pattern)")
        case let dictionary as [String: Any]:
            tag("m", String(dictionary.count))
            for key in dictionary.keys.sorted() {
                tag("k", key)
                feed(dictionary[key]!, into: &hasher)
            }
        case let array as [Any]:
            tag("a", String(array.count))
            for item in array { feed(item, into: &hasher) }
        default: tag("?", String(describing: value))
        }
    }
}

extension RenderedDocument {
    /// The digest of the values a list shows of this document (its summary values in
    /// ``TemplateContext``), of the groups in `fields` only. Pages that list a post depend on
    /// this, not on the whole file.
    func listingFingerprint(_ fields: ListingFields) -> Fingerprint {
        listingFingerprints([fields])[0]
    }

    /// ``listingFingerprint(_:)`` for each of `groups`, in order, with one look at the digests.
    func listingFingerprints(_ groups: [ListingFields]) -> [Fingerprint] {
        listings.digests(of: groups, make: makeListingFingerprint)
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

/// One document's listing digests by field groups: a few at most, each made once, whichever
/// thread asks first (a generator, or the cache encoding beside it).
final class ListingDigests: Sendable {
    private let digests: Mutex<[(fields: Int, fingerprint: Fingerprint)]>

    init(_ digests: [(fields: Int, fingerprint: Fingerprint)] = []) { self.digests = Mutex(digests) }

    /// The digests of `groups`, in order, made where missing: the digests are looked at once
    /// and, if any was made, added to once.
    func digests(of groups: [ListingFields], make: (ListingFields) -> Fingerprint) -> [Fingerprint] {
        let known = digests.withLock { $0 }
        var made: [(fields: Int, fingerprint: Fingerprint)] = []
        let result = groups.map { fields in
            if let digest = known.first(where: { $0.fields == fields.rawValue }) { return digest.fingerprint }
            let fingerprint = make(fields)
            made.append((fields.rawValue, fingerprint))
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

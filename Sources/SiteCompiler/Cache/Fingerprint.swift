import Crypto
import Foundation

/// A SHA-256 digest of what went into a page, so a rebuild can tell whether the page would come
/// out the same without rendering it.
struct Fingerprint: Hashable, Sendable {
    var bytes: [UInt8]

    /// The digest of the parts, in order.
    init(_ parts: Fingerprint...) { self.init(parts) }

    init(_ parts: [Fingerprint], label: String = "") {
        var hasher = SHA256()
        hasher.update(data: Array(label.utf8) + [0])
        for part in parts { hasher.update(data: part.bytes) }
        bytes = Array(hasher.finalize())
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The digest of some data.
    static func of(_ data: Data) -> Fingerprint { Fingerprint(bytes: Array(SHA256.hash(data: data))) }

    /// The digest of some text.
    static func of(_ text: String) -> Fingerprint { Fingerprint(bytes: Array(SHA256.hash(data: Array(text.utf8)))) }

    /// The digest of a layout value (strings, numbers, booleans, dates, arrays and dictionaries),
    /// independent of dictionary order.
    static func of(value: Any) -> Fingerprint {
        var hasher = SHA256()
        feed(value, into: &hasher)
        return Fingerprint(bytes: Array(hasher.finalize()))
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
        case let date as DateValue: tag("t", "\(date.date.timeIntervalSinceReferenceDate)|\(date.style.defaultPattern)")
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
        let d = document
        var text = "\(fields.rawValue)"
        if fields.contains(.title) { text += "\u{0}" + d.title }
        if fields.contains(.address) { text += "\u{0}" + d.path }
        if fields.contains(.date) { text += "\u{0}\(d.date?.timeIntervalSince1970 ?? .nan)" }
        if fields.contains(.updated) { text += "\u{0}\(d.updated?.timeIntervalSince1970 ?? .nan)" }
        if fields.contains(.tags) { text += "\u{0}" + d.tags.joined(separator: "\u{1}") }
        if fields.contains(.excerpt) { text += "\u{0}\(hasMore)\u{0}" + excerpt + "\u{0}" + summary }
        if fields.contains(.length) { text += "\u{0}\(wordCount)" }
        if fields.contains(.draft) { text += "\u{0}\(d.draft)" }
        if fields.contains(.audio), let audio = d.audio { text += "\u{0}\(audio.url)|\(audio.length)|\(audio.type)|\(audio.duration ?? -1)" }
        return Fingerprint.of(text)
    }
}

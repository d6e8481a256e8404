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
    /// The digest of everything a list shows of this document (its summary values in
    /// ``TemplateContext``): title, address, dates, tags, draft flag, audio, excerpt, summary and
    /// length. Pages that only list a post depend on this, not on the whole file.
    var listingFingerprint: Fingerprint {
        let d = document
        var text = [d.title, d.path, d.tags.joined(separator: "\u{1}"), excerpt, summary].joined(separator: "\u{0}")
        text += "\u{0}\(d.date?.timeIntervalSince1970 ?? .nan)|\(d.updated?.timeIntervalSince1970 ?? .nan)|\(d.draft)|\(hasMore)|\(wordCount)"
        if let audio = d.audio { text += "\u{0}\(audio.url)|\(audio.length)|\(audio.type)|\(audio.duration ?? -1)" }
        return Fingerprint.of(text)
    }
}

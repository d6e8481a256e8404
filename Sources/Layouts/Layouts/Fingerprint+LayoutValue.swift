import Digests
import Foundation

extension Fingerprint {
    /// The digest of a layout value (strings, numbers, booleans, dates, arrays and dictionaries),
    /// independent of dictionary order.
    package static func of(value: Any) -> Fingerprint {
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
        case let date as DateValue:
            // The zone it prints in too: a post's date keeps the one it was written in.
            let offset = date.style.local.offset(at: date.date)
            tag("t", "\(date.date.timeIntervalSinceReferenceDate)|\(offset)|\(date.style.defaultFormat.pattern)")
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

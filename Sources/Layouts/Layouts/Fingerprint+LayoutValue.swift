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
        // The common types by their type alone: a cast to each case in turn looks, the first time
        // a type meets it, through every conformance the program has (8,800) to find it does not fit.
        let type = type(of: value)
        if type == String.self { return tag("s", value as! String, into: &hasher) }
        if type == [String: Any].self { return feed(dictionary: value as! [String: Any], into: &hasher) }
        switch value {
        case let text as String: tag("s", text, into: &hasher)
        case let flag as Bool: tag("b", flag ? "1" : "0", into: &hasher)
        case let number as Int: tag("i", String(number), into: &hasher)
        case let number as Double: tag("d", String(number.bitPattern), into: &hasher)
        case let date as DateValue:
            // The zone it prints in too: a post's date keeps the one it was written in.
            let offset = date.style.local.offset(at: date.date)
            tag("t", "\(date.date.timeIntervalSinceReferenceDate)|\(offset)|\(date.style.defaultFormat.pattern)", into: &hasher)
        case let dictionary as [String: Any]: feed(dictionary: dictionary, into: &hasher)
        case let array as [Any]:
            tag("a", String(array.count), into: &hasher)
            for item in array { feed(item, into: &hasher) }
        default: tag("?", String(describing: value), into: &hasher)
        }
    }

    private static func feed(dictionary: [String: Any], into hasher: inout SHA256) {
        tag("m", String(dictionary.count), into: &hasher)
        for key in dictionary.keys.sorted() {
            tag("k", key, into: &hasher)
            feed(dictionary[key]!, into: &hasher)
        }
    }

    /// A kind, the text's length and a colon, then the text: fed as they are, not gathered into
    /// one array first (a theme's words are a thousand texts at every build).
    private static func tag(_ kind: Unicode.Scalar, _ text: String, into hasher: inout SHA256) {
        var head: [UInt8] = [UInt8(ascii: kind)]
        head.append(contentsOf: String(text.utf8.count).utf8)
        head.append(0x3A)
        hasher.update(data: head)
        var text = text
        text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }
}

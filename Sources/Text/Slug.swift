import Foundation

/// Turns titles, tags and file names into URL path segments.
package enum Slug {
    /// Lowercase ASCII letters, digits and single hyphens: `Café & Crème!` becomes `cafe-creme`.
    package static func make(_ text: String) -> String {
        // Plain ASCII, the usual case, has nothing to fold: its bytes are the scalars.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ascii(text.utf8) }
        // Fold accents first so `é` keeps its letter rather than becoming a hyphen.
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let isWordCharacter = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isWordCharacter {
                if pendingHyphen && !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue  // "Don't" reads better as "dont" than "don-t"
            } else {
                pendingHyphen = true
            }
        }
        return result
    }

    /// The rule above on ASCII bytes, without a lowercased copy or a scalar at a time: every
    /// post's slug, tags and headings go through here.
    private static func ascii(_ bytes: String.UTF8View) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingHyphen = false
        for var byte in bytes {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                if pendingHyphen && !result.isEmpty { result.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                result.append(byte)
            } else if byte != UInt8(ascii: "'") {
                pendingHyphen = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A post's address from its file name (`2022-12-21-Sass-Converter-3.0-released.md` gives
    /// `Sass-Converter-3.0-released`), by Jekyll's rule for `:title`, so that a blog moved from
    /// Jekyll keeps its addresses: letters keep their case (accents folded), digits, `.`, `_`
    /// and `~` stay, and any other run of characters becomes one `-`. A name that would leave
    /// only dots or nothing falls back to ``make(_:)``.
    package static func fromFileName(_ name: String) -> String {
        let folded = name.utf8.allSatisfy({ $0 < 0x80 })
            ? name : name.folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let kept = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "_" || scalar == "~"
            if kept {
                if pendingHyphen && !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return isSafeSegment(result) && result.contains(where: { $0 != "." }) ? result : make(name)
    }

    /// Whether `text` is safe to use as one URL path segment as it stands.
    package static func isSafeSegment(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                    || scalar == "-" || scalar == "_" || scalar == "." || scalar == "~"
            }
    }
}

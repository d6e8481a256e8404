import Foundation

/// Turns titles, tags and file names into URL path segments.
public enum Slug {
    /// Lowercase ASCII letters, digits and single hyphens: `Café & Crème!` becomes `cafe-creme`.
    public static func make(_ text: String) -> String {
        // Fold accents first so `é` keeps its letter rather than becoming a hyphen (plain ASCII,
        // the usual case, has nothing to fold).
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? text.lowercased()
            : text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
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

    /// Whether `text` is safe to use as one URL path segment as it stands.
    static func isSafeSegment(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                    || scalar == "-" || scalar == "_" || scalar == "." || scalar == "~"
            }
    }
}

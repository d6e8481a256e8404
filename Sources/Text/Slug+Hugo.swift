package extension Slug {
    /// A title or a tag as Hugo makes it a part of an address (its `urlize`, with
    /// `disablePathToLower` unset): lower-cased; letters of any script (accents and all),
    /// digits, combining marks and `.`, `/`, `_`, `+`, `~`, `-` and `@` kept as they are; a run
    /// of spaces one `-`, or nothing right after a `-`; anything else dropped. So
    /// `Notes on .NET Internals` is `notes-on-.net-internals`, `SSL/TLS` is `ssl/tls` (two
    /// folders, as in Hugo) and `foo--bar` keeps both hyphens.
    ///
    /// Hugo also keeps `#`, `\` and `%` followed by two hex digits, which no Galley address may
    /// hold (a browser reads `#` as the start of a fragment): they are dropped here. What this
    /// makes may be no safe path (`../x`, `a//b`, `.`): ``SlugRule/problem(with:)`` says so.
    static func hugo(_ text: String) -> String {
        hugoPath(text, plusIsSpace: false)
    }

    /// A title as Hugo's `:title` puts it in a post's address: ``hugo(_:)``, then read as Hugo
    /// reads every address its permalinks make, as a query string, where `+` means a space, and
    /// made a path again with what follows it in the address. So `a + b` is `a--b`, `C++ tips`
    /// is `c-tips` and `C++` is `c-`, where the tag `C++` is at `/tags/c++/`.
    static func hugoTitle(_ text: String) -> String {
        let urlized = hugo(text)
        guard urlized.contains("+") else { return urlized }
        // A `/` or `.html` follows the title in every address; a space before it is a `-`.
        return String(hugoPath(urlized + "/", plusIsSpace: true).dropLast())
    }

    private static func hugoPath(_ text: String, plusIsSpace: Bool) -> String {
        var kept = String.UnicodeScalarView()
        // Hugo's memory: a space seen since the last kept character, and whether that was a `-`.
        var spaceBefore = false
        var lastWasHyphen = false
        for scalar in text.unicodeScalars {
            let space = scalar.properties.isWhitespace || (plusIsSpace && scalar == "+")
            if !space, keptByHugo(scalar) {
                lastWasHyphen = scalar == "-"
                if spaceBefore && !lastWasHyphen { kept.append("-") }
                spaceBefore = false
                kept.append(scalar)
            } else if !kept.isEmpty && !lastWasHyphen && space {
                spaceBefore = true
            }
        }
        return String(kept).lowercased()
    }

    /// Whether Hugo keeps `scalar` in an address as it is (bar the few Galley cannot keep).
    private static func keptByHugo(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || ".-/_+~@".unicodeScalars.contains(scalar)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}

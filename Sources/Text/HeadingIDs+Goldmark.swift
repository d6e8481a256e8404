package extension HeadingIDs {
    /// Goldmark's id as Hugo asks for it: made from the heading as written (`## See
    /// [docs](https://x.org)` gives `see-docshttpsxorg`), each `-`, space or tab a `-`, letters
    /// of any script, decimal digits and `_` kept lower-cased, and anything else left out.
    static func goldmark(_ written: String) -> String {
        var id = String.UnicodeScalarView()
        for scalar in written.unicodeScalars {
            if scalar == "-" || scalar == " " || scalar == "\t" {
                id.append("-")
            } else if isLetterOrDigit(scalar) {
                id.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(id)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// The text of an ATX heading's line (`## Title ##`) or of a setext heading's last line, as
    /// Goldmark reads it: without the `#` marks, the closing ones, and the spaces around.
    static func writtenText(ofLine line: Substring) -> String {
        var text = line.drop { $0 == " " || $0 == "\t" }
        let opening = text.prefix { $0 == "#" }
        // An ATX heading opens with one to six `#` and a space (or nothing else).
        if (1...6).contains(opening.count), text.dropFirst(opening.count).first.map({ $0 == " " || $0 == "\t" }) ?? true {
            text = text.dropFirst(opening.count)
            text = trimmed(text)
            let closing = text.reversed().prefix { $0 == "#" }.count
            let beforeClosing = text.dropLast(closing)
            if closing > 0, beforeClosing.isEmpty || beforeClosing.last == " " || beforeClosing.last == "\t" {
                text = beforeClosing
            }
        }
        return String(trimmed(text))
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.drop { $0 == " " || $0 == "\t" }
        var end = start
        while let last = end.last, last == " " || last == "\t" { end = end.dropLast() }
        return end
    }
}

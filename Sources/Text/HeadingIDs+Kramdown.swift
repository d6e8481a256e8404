package extension HeadingIDs {
    /// kramdown's id (its GFM parser's): the text lower-cased, then every character but a
    /// letter, mark, decimal digit, connector (`_`), `-`, space or tab left out, and each space
    /// or tab a `-` of its own. Leading digits and letters of any script stay.
    static func kramdown(_ text: String) -> String {
        var id = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "\t" {
                id.append("-")
            } else if scalar == "-" || isWordCharacter(scalar) {
                id.append(scalar)
            }
        }
        return String(id)
    }

    /// What a regular expression's `\w` means in Ruby: a letter, a mark, a decimal digit or a
    /// connector such as `_`.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// kramdown reads `---` as an em dash and `--` as an en dash before it makes an id, and
    /// leaves the dashes out of it: `A -- B` is `a--b`, not `a----b`. A run of hyphens loses
    /// three at a time, then two; a last single one stays.
    static func kramdownTypography(_ text: String) -> String {
        guard text.contains("--") else { return text }
        var result = ""
        var hyphens = 0
        func flush() {
            if hyphens % 3 == 1 { result.append("-") }
            hyphens = 0
        }
        for character in text {
            if character == "-" {
                hyphens += 1
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

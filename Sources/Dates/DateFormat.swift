/// A ``DatePattern`` pattern read into its pieces once, so that printing a date walks a few
/// tokens instead of taking the pattern apart character by character again.
package struct DateFormat: Sendable, Equatable {
    package enum Token: Sendable, Equatable {
        /// Printed as it is: quoted text, punctuation, anything not an ASCII letter.
        case text(String)
        /// A run of one letter (`yyyy`, `MMM`, `d`), printed by ``DatePattern``.
        case field(Character, width: Int)
        /// `do`: the day with its English ordinal.
        case ordinalDay
    }

    /// The pattern as written.
    package let pattern: String
    package let tokens: [Token]
    /// The tokens as ``DatePattern`` prints them: each field's letter is an ASCII one.
    let pieces: [Piece]

    enum Piece: Sendable, Equatable {
        case text(String)
        case field(UInt8, width: Int)
        case ordinalDay
    }

    /// The pattern RSS wants, `Tue, 08 Oct 2019 01:34:00 +0200`.
    package static let rfc822 = DateFormat("EEE, dd MMM yyyy HH:mm:ss Z")
    /// The pattern Atom, JSON Feed and sitemaps want, `2019-10-08T01:34:00+02:00`.
    package static let rfc3339 = DateFormat("yyyy-MM-dd'T'HH:mm:ssxxx")
    /// The year alone, as the archive groups posts.
    package static let year = DateFormat("yyyy")

    package init(_ pattern: String) {
        self.pattern = pattern
        let characters = Array(pattern)
        var tokens: [Token] = []
        var text = ""
        func flush() {
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted text; `''` is one quote mark, in quotes or out, and an unclosed quote
                // runs to the end.
                var end = index + 1
                if end < characters.count, characters[end] == "'" {
                    text.append("'")
                    index = end + 1
                    continue
                }
                while end < characters.count {
                    if characters[end] == "'" {
                        if end + 1 < characters.count, characters[end + 1] == "'" {
                            text.append("'")
                            end += 2
                            continue
                        }
                        break
                    }
                    text.append(characters[end])
                    end += 1
                }
                index = end + 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                text.append(character)
                index += 1
                continue
            }
            var run = 1
            while index + run < characters.count, characters[index + run] == character { run += 1 }
            index += run
            flush()
            if character == "d", run == 1, index < characters.count, characters[index] == "o" {
                index += 1
                tokens.append(.ordinalDay)
            } else {
                tokens.append(.field(character, width: run))
            }
        }
        flush()
        self.tokens = tokens
        pieces = tokens.map { token in
            switch token {
            case .text(let text): .text(text)
            case .field(let letter, let width): .field(letter.asciiValue ?? UInt8(ascii: "?"), width: width)
            case .ordinalDay: .ordinalDay
            }
        }
    }
}

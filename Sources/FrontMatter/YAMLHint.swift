import Foundation

/// What a blogger most likely got wrong in a YAML block the parser refused, found line by line
/// the way a person reads front matter: `key: value` lines.
///
/// libyaml names the point where it gave up, which for an unclosed quote is the end of the
/// block, and words it for people who know the grammar. This looks for the usual mistakes and
/// names the line where each one starts. It runs only after the parser has refused the block,
/// so a good file pays nothing for it.
package struct YAMLHint: Equatable {
    /// The 1-based line in the block.
    package var line: Int
    /// The 1-based column, in characters.
    package var column: Int
    package var message: String

    /// The first mistake found in `text`, or nil when none of the known ones is there.
    package static func first(in text: String) -> YAMLHint? {
        // `\r\n` is one Character, which a split on `\n` would not see.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        var scan = Scan(lines: lines)
        return scan.run()
    }

    /// One pass over the lines, remembering what the lines before have opened.
    private struct Scan {
        package let lines: [[Character]]
        package var seen: [String: Int] = [:]
        /// The indentation of a block scalar's key (`key: |`), while its lines are skipped.
        package var blockIndent: Int?
        /// The indentation of the last key with a plain value, whose text may go on below it.
        package var plainIndent: Int?
        /// The last line of a quoted or bracketed value that goes on over lines, which the lines
        /// up to it belong to.
        package var valueEnds = -1

        package mutating func run() -> YAMLHint? {
            for index in lines.indices {
                if let hint = look(at: index) { return hint }
            }
            return nil
        }

        private mutating func look(at index: Int) -> YAMLHint? {
            guard index > valueEnds else { return nil }
            let line = lines[index]
            let number = index + 1
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            let rest = line.dropFirst(indent.count)
            if rest.isEmpty || rest.first == "#" { return nil }
            // A line of three dashes after some settings starts a second document (a copy
            // pasted below the first, say), which Galley does not read: it was said to set
            // every key twice.
            if indent.isEmpty, rest.starts(with: "---"), rest.dropFirst(3).allSatisfy({ $0 == " " || $0 == "\t" }), !seen.isEmpty {
                return YAMLHint(line: number, column: 1, message: "'---' starts a second YAML document, and settings are one: remove this line (and what follows, if it repeats them)")
            }
            let spaces = indent.prefix { $0 == " " }.count
            if let block = blockIndent {
                if spaces > block { return nil }
                blockIndent = nil
            }
            if let plain = plainIndent, spaces > plain, !indent.contains("\t") { return nil }
            plainIndent = nil
            if let tab = indent.firstIndex(of: "\t") {
                return YAMLHint(line: number, column: tab + 1, message: "a tab indents this line: YAML indents with spaces only")
            }
            var body = rest
            var column = indent.count + 1
            // A list item: what follows its dash is read as a value of its own.
            if body.first == "-", body.count == 1 || body.dropFirst().first == " " {
                let after = body.dropFirst().prefix { $0 == " " }.count + 1
                body = body.dropFirst(after)
                column += after
                if body.isEmpty { return nil }
            }
            guard let colon = keyColon(in: body) else {
                // `key:value` is text to YAML, not a key: the colon wants a space after it.
                if let glued = gluedColon(in: body) {
                    let key = String(body.prefix(glued))
                    return YAMLHint(line: number, column: column + glued + 1, message:
                        "'\(key):' needs a space after the colon to set '\(key)': write `\(key): \(String(body.dropFirst(glued + 1)))`")
                }
                return nil
            }
            let key = String(body.prefix(colon)).trimmingCharacters(in: .whitespaces)
            if spaces == 0 {
                if let first = seen[key] {
                    return YAMLHint(line: number, column: column, message: "'\(key)' is set twice: here and on line \(first)")
                }
                seen[key] = number
            }
            var value = body.dropFirst(colon + 1)
            let gap = value.prefix { $0 == " " || $0 == "\t" }.count
            value = value.dropFirst(gap)
            let valueColumn = column + colon + 1 + gap
            return lookAtValue(Array(value), key: key, at: index, column: valueColumn, indent: spaces)
        }

        private mutating func lookAtValue(_ value: [Character], key: String, at index: Int, column: Int, indent: Int) -> YAMLHint? {
            let number = index + 1
            guard let first = value.first, first != "#" else { return nil }
            switch first {
            case "\"", "'":
                return quoted(value, quote: first, key: key, at: index, column: column, indent: indent)
            case "[", "{":
                return flow(value, key: key, at: index, column: column, indent: indent)
            case "|", ">":
                blockIndent = indent
                return nil
            case "@", "`":
                return YAMLHint(line: number, column: column, message:
                    "YAML keeps '\(first)' at the start of a value for itself: put the \(key) in quotes")
            case "-" where value.count == 1 || value[1] == " ":
                return YAMLHint(line: number, column: column, message:
                    "'- ' starts a list item, which cannot follow '\(key):' on its line: put the \(key) in quotes, or start the list on the next line")
            // `%` always; `!` unless it opens a standard tag (`!!str`), which YAML reads as meant.
            case "%" where true, "!" where value.count < 2 || value[1] != "!":
                return YAMLHint(line: number, column: column, message:
                    "a value starting with '\(first)' means something else to YAML: put the \(key) in quotes")
            default:
                plainIndent = indent
                if let colon = innerColon(in: value) {
                    return YAMLHint(line: number, column: column + colon, message:
                        "a colon followed by a space starts a value: put the \(key) in quotes")
                }
                return nil
            }
        }

        /// A quoted value: closed on its line, or on a later one before the next key.
        private mutating func quoted(_ value: [Character], quote: Character, key: String, at index: Int, column: Int, indent: Int) -> YAMLHint? {
            let number = index + 1
            let name = quote == "'" ? "single" : "double"
            if let close = closingQuote(in: value, from: 1, quote: quote) {
                let after = value[(close + 1)...]
                let gap = after.prefix { $0 == " " || $0 == "\t" }.count
                let trailing = after.dropFirst(gap)
                guard let extra = trailing.first, extra != "#" || gap == 0 else { return nil }
                let at = column + close + 1 + gap
                if quote == "'", after.contains("'") || after.first?.isLetter == true {
                    return YAMLHint(line: number, column: column + close, message:
                        "a quote inside single quotes ends them: write it twice ('') or put the \(key) in double quotes")
                }
                if quote == "\"", after.contains("\"") {
                    return YAMLHint(line: number, column: column + close, message:
                        "a quote inside double quotes ends them: write it as \\\" or put the \(key) in single quotes")
                }
                return YAMLHint(line: number, column: at, message:
                    "text after the closing quote: put the whole \(key) inside the quotes")
            }
            // A quoted value may go on over lines, but not past the next key.
            for later in (index + 1)..<max(index + 1, lines.count) {
                let line = lines[later]
                let spaces = line.prefix { $0 == " " }.count
                let body = line.dropFirst(spaces)
                if spaces <= indent, let colon = keyColon(in: body), !body.prefix(colon).contains(quote) { break }
                if closingQuote(in: line, from: 0, quote: quote) != nil {
                    valueEnds = later
                    return nil
                }
            }
            return YAMLHint(line: number, column: column, message:
                "the \(name) quote opened here is never closed: end the \(key) with \(quote)")
        }

        /// The index of the quote that closes a quoted value, from `start`; nil when the line
        /// has none.
        private func closingQuote(in text: [Character], from start: Int, quote: Character) -> Int? {
            var at = start
            while at < text.count {
                if quote == "\"", text[at] == "\\" { at += 2; continue }
                if text[at] == quote {
                    if quote == "'", at + 1 < text.count, text[at + 1] == "'" { at += 2; continue }
                    return at
                }
                at += 1
            }
            return nil
        }

        /// A `[` or `{` value: closed on its line or by a later one, with nothing after it.
        private mutating func flow(_ value: [Character], key: String, at index: Int, column: Int, indent: Int) -> YAMLHint? {
            let number = index + 1
            let open = value[0], close: Character = open == "[" ? "]" : "}"
            var depth = 0
            var row = index, text = value
            while true {
                var at = 0
                while at < text.count {
                    let character = text[at]
                    if character == "\"" || character == "'" {
                        guard let end = closingQuote(in: text, from: at + 1, quote: character) else { break }
                        at = end + 1
                        continue
                    }
                    if character == "#", at == 0 || text[at - 1] == " " { break }
                    if character == "[" || character == "{" { depth += 1 }
                    if character == "]" || character == "}" {
                        depth -= 1
                        if depth == 0 {
                            valueEnds = row
                            let rest = text[(at + 1)...].drop { $0 == " " }
                            guard let extra = rest.first, extra != "#" else { return nil }
                            return YAMLHint(line: row + 1, column: (row == index ? column : 1) + text.count - rest.count, message:
                                "a value that starts with '\(open)' is a \(open == "[" ? "list" : "mapping"), and text follows its '\(close)': put the \(key) in quotes")
                        }
                    }
                    at += 1
                }
                row += 1
                guard row < lines.count else { break }
                let next = lines[row]
                let spaces = next.prefix { $0 == " " }.count
                if spaces <= indent, keyColon(in: next.dropFirst(spaces)) != nil { break }
                text = next
            }
            return YAMLHint(line: number, column: column, message:
                "the '\(open)' opened here is never closed by a '\(close)': close it, or put the \(key) in quotes if it is text")
        }

        /// Where the colon of a `key: value` line is: the first `:` followed by a space or the
        /// end, after a key that is plain or quoted.
        private func keyColon(in body: ArraySlice<Character>) -> Int? {
            let text = Array(body)
            guard let first = text.first else { return nil }
            if first == "\"" || first == "'" {
                guard let close = closingQuote(in: text, from: 1, quote: first) else { return nil }
                let after = close + 1
                return after < text.count && text[after] == ":" && (after + 1 == text.count || text[after + 1] == " ") ? after : nil
            }
            guard !"[{\"'#&*!|>%@`-".contains(first) else { return nil }
            for at in text.indices where text[at] == ":" {
                if at + 1 == text.count || text[at + 1] == " " || text[at + 1] == "\t" { return at }
            }
            return nil
        }

        /// `key:value` with no space: the colon's index, when what stands before it is a name.
        private func gluedColon(in body: ArraySlice<Character>) -> Int? {
            let text = Array(body)
            guard let colon = text.firstIndex(of: ":"), colon > 0, colon + 1 < text.count else { return nil }
            let name = text[..<colon]
            guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
            // `http://…` on a line of its own is text, not a key.
            return text[colon + 1] == "/" ? nil : colon
        }

        /// In a plain value, the index of a `: ` that YAML reads as the start of another value.
        private func innerColon(in value: [Character]) -> Int? {
            for at in value.indices where value[at] == ":" {
                if at + 1 < value.count, value[at + 1] == " " || value[at + 1] == "\t" { return at }
            }
            return nil
        }
    }
}

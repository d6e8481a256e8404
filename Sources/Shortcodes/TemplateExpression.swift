/// A value with filters, as written in `{{ … }}` or after `assign x =`:
/// `filter | slugify | prepend: '/docs/#'`.
package struct TemplateExpression: Sendable, Equatable {
    /// Where a value comes from.
    enum Operand: Sendable, Equatable {
        case literal(TemplateValue)
        /// A variable and the keys after it: `page.filters`, `forloop.index`, `list[0]`.
        case variable([String])
        /// `(1..5)`: whole numbers from one operand to the other.
        indirect case range(Operand, Operand)
    }

    /// A filter and its arguments: `prepend: '/docs/'`.
    struct Filter: Sendable, Equatable {
        var name: String
        var arguments: [Operand]
    }

    var operand: Operand
    var filters: [Filter]

    /// Reads `text`; nil when it is not an expression (a brace pair in some other language).
    init?(_ text: String) {
        var scanner = TemplateTokens(text)
        guard let operand = scanner.operand() else { return nil }
        var filters: [Filter] = []
        while scanner.take("|") {
            guard let name = scanner.word() else { return nil }
            var arguments: [Operand] = []
            if scanner.take(":") {
                repeat {
                    guard let argument = scanner.operand() else { return nil }
                    arguments.append(argument)
                } while scanner.take(",")
            }
            filters.append(Filter(name: name, arguments: arguments))
        }
        guard scanner.atEnd else { return nil }
        self.operand = operand
        self.filters = filters
    }
}

/// The words, quoted strings, numbers and punctuation of a tag or an expression.
package struct TemplateTokens {
    private let characters: [Character]
    private var index = 0
    /// How many ranges and subscripts the operand being read is inside of.
    private var depth = 0
    /// More than any template nests: a post that nests further (`((((…`) is refused rather than
    /// read by a recursion that would run out of stack.
    static let deepest = 64

    init(_ text: String) { characters = Array(text) }

    var atEnd: Bool {
        mutating get {
            skipSpaces()
            return index == characters.count
        }
    }

    /// What is left, from the next non-space character.
    var rest: String {
        mutating get {
            skipSpaces()
            return String(characters[index...])
        }
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// Takes `symbol` if it comes next.
    mutating func take(_ symbol: String) -> Bool {
        skipSpaces()
        let wanted = Array(symbol)
        guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted else { return false }
        index += wanted.count
        return true
    }

    /// A name: letters, digits, `_`, `-` and `?`, not starting with a digit or `-`.
    mutating func word() -> String? {
        skipSpaces()
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
            || (index > start && (characters[index] == "-" || characters[index] == "?"))
        {
            index += 1
        }
        guard index > start, !characters[start].isNumber else {
            index = start
            return nil
        }
        return String(characters[start..<index])
    }

    /// A quoted string, a number, `true`/`false`/`nil`, a range or a variable path.
    mutating func operand() -> TemplateExpression.Operand? {
        guard depth < Self.deepest else { return nil }
        depth += 1
        defer { depth -= 1 }
        skipSpaces()
        guard index < characters.count else { return nil }
        let first = characters[index]
        if first == "'" || first == "\"" {
            guard let close = characters[(index + 1)...].firstIndex(of: first) else { return nil }
            let text = String(characters[(index + 1)..<close])
            index = close + 1
            return .literal(.text(text))
        }
        if first == "(" {
            index += 1
            guard let from = operand(), take(".."), let to = operand(), take(")") else { return nil }
            return .range(from, to)
        }
        if first.isNumber || first == "-" {
            let start = index
            index += 1
            // A number stops before `..`, so that `(1..5)` reads as a range.
            while index < characters.count,
                characters[index].isNumber || (characters[index] == "." && index + 1 < characters.count && characters[index + 1].isNumber)
            {
                index += 1
            }
            guard let number = Double(String(characters[start..<index])) else { return nil }
            return .literal(.number(number))
        }
        guard let name = word() else { return nil }
        switch name {
        case "true": return .literal(.flag(true))
        case "false": return .literal(.flag(false))
        case "nil", "null", "empty", "blank": return .literal(.nothing)
        default: break
        }
        var path = [name]
        while true {
            if index < characters.count, characters[index] == "." {
                index += 1
                guard let key = word() else { return nil }
                path.append(key)
            } else if index < characters.count, characters[index] == "[" {
                index += 1
                guard let key = operand(), take("]") else { return nil }
                switch key {
                case .literal(let value): path.append(value.printed)
                default: return nil
                }
            } else {
                break
            }
        }
        return .variable(path)
    }
}

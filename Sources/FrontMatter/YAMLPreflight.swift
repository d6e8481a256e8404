import Diagnostics

/// A pass over a YAML document that finds, before Yams reads it, what Galley refuses: anchors
/// and aliases, and collections nested too deep.
///
/// Yams hands back an alias as the node it names, so a walk of what it composes expands every
/// alias, and a few hundred bytes of `&a [*b, *b, …]` stand for gigabytes; it also recurses once
/// per level of nesting. This pass finds where each token starts by libyaml's own rules (the
/// scanner Yams wraps, followed function by function, minus what builds the tokens' values),
/// so `&` and `*` count only where libyaml reads an anchor or an alias: `Tom & Jerry` and
/// `"*x*"` are text. Where libyaml would stop with an error, the pass stops too and leaves the
/// message to Yams: nothing after that point is ever composed.
package struct YAMLPreflight {
    /// What the pass found first.
    package enum Finding: Equatable {
        case anchor(line: Int)
        case alias(line: Int)
        /// A collection that opens more than ``InputLimits/yamlDepth`` collections deep.
        case tooDeep(line: Int)
    }

    /// The first anchor, alias or over-deep collection in `text`, lines counted from 1; nil when
    /// there is none before the end or before the first point where libyaml reports an error.
    package static func firstFinding(in text: String) -> Finding? {
        var scan = YAMLPreflight(Array(text.utf8))
        return scan.run()
    }

    private struct SimpleKey {
        package var possible = false
        package var required = false
        package var line = 0
        package var column = 0
        package var index = 0
    }

    private let bytes: [UInt8]
    /// Where libyaml's reader would stop: the end, or the first character YAML does not allow.
    private let end: Int
    private var position = 0
    private var line = 1
    /// In characters, as libyaml counts: the indentation rules compare columns.
    private var column = 0
    /// Characters read so far: a simple key is at most 1024 characters long.
    private var index = 0
    private var flowLevel = 0
    private var indent = -1
    private var indents: [Int] = []
    private var simpleKeyAllowed = true
    /// One potential simple key per flow level, the innermost last.
    private var simpleKeys = [SimpleKey()]

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        end = Self.printablePrefix(bytes)
    }

    /// A failure of libyaml's: the document has an error here, which Yams will report.
    private struct Stop: Error {}

    private mutating func run() -> Finding? {
        do {
            return try tokens()
        } catch {
            return nil
        }
    }

    // yaml_parser_fetch_next_token, repeated to the end of the stream.
    private mutating func tokens() throws(Stop) -> Finding? {
        while true {
            scanToNextToken()
            try staleSimpleKeys()
            unrollIndent(column)
            guard position < end else { return nil }
            let byte = bytes[position]
            if column == 0 && byte == UInt8(ascii: "%") {
                // A directive: the rest of its line.
                unrollIndent(-1)
                try removeSimpleKey()
                simpleKeyAllowed = false
                while position < end && !isBreak(position) { advance() }
                continue
            }
            if column == 0 && isDocumentIndicator(position) {
                unrollIndent(-1)
                try removeSimpleKey()
                simpleKeyAllowed = false
                advance(3)
                continue
            }
            let next = position + 1
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                try saveSimpleKey()
                flowLevel += 1
                simpleKeys.append(SimpleKey())
                if depth > InputLimits.yamlDepth { return .tooDeep(line: line) }
                simpleKeyAllowed = true
                advance()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                try removeSimpleKey()
                if flowLevel > 0 {
                    flowLevel -= 1
                    simpleKeys.removeLast()
                }
                simpleKeyAllowed = false
                advance()
            case UInt8(ascii: ","):
                try removeSimpleKey()
                simpleKeyAllowed = true
                advance()
            case UInt8(ascii: "-") where isBlankOrEnd(next), UInt8(ascii: "?") where flowLevel > 0 || isBlankOrEnd(next):
                if flowLevel == 0 {
                    guard simpleKeyAllowed else { throw Stop() }
                    if rollIndent(column) { return .tooDeep(line: line) }
                }
                try removeSimpleKey()
                simpleKeyAllowed = byte == UInt8(ascii: "-") || flowLevel == 0
                advance()
            case UInt8(ascii: ":") where flowLevel > 0 || isBlankOrEnd(next):
                if simpleKeys[simpleKeys.count - 1].possible {
                    let key = simpleKeys[simpleKeys.count - 1]
                    if rollIndent(key.column) { return .tooDeep(line: key.line) }
                    simpleKeys[simpleKeys.count - 1].possible = false
                    simpleKeyAllowed = false
                } else {
                    if flowLevel == 0 {
                        guard simpleKeyAllowed else { throw Stop() }
                        if rollIndent(column) { return .tooDeep(line: line) }
                    }
                    simpleKeyAllowed = flowLevel == 0
                }
                advance()
            case UInt8(ascii: "*"):
                return .alias(line: line)
            case UInt8(ascii: "&"):
                return .anchor(line: line)
            case UInt8(ascii: "!"):
                try saveSimpleKey()
                simpleKeyAllowed = false
                try scanTag()
            case UInt8(ascii: "|") where flowLevel == 0, UInt8(ascii: ">") where flowLevel == 0:
                try removeSimpleKey()
                simpleKeyAllowed = true
                try scanBlockScalar()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                try saveSimpleKey()
                simpleKeyAllowed = false
                try scanQuotedScalar(single: byte == UInt8(ascii: "'"))
            default:
                guard startsPlainScalar(byte, next: next) else { throw Stop() }
                try saveSimpleKey()
                simpleKeyAllowed = false
                try scanPlainScalar()
            }
        }
    }

    /// Collections open around the current token, block and flow.
    private var depth: Int { indents.count + flowLevel }

    private func startsPlainScalar(_ byte: UInt8, next: Int) -> Bool {
        if isBlankOrEnd(position) { return false }
        if byte == UInt8(ascii: "-") { return !isBlank(next) }
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: ":") { return flowLevel == 0 && !isBlankOrEnd(next) }
        return !"-?:,[]{}#&*!|>'\"%@`".utf8.contains(byte)
    }

    // MARK: Indentation and simple keys

    /// Opens a block collection at `column` when it is deeper than the current one; true when
    /// that makes the nesting too deep.
    private mutating func rollIndent(_ column: Int) -> Bool {
        guard flowLevel == 0, indent < column else { return false }
        indents.append(indent)
        indent = column
        return depth > InputLimits.yamlDepth
    }

    private mutating func unrollIndent(_ column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column { indent = indents.removeLast() }
    }

    private mutating func saveSimpleKey() throws(Stop) {
        guard simpleKeyAllowed else { return }
        try removeSimpleKey()
        simpleKeys[simpleKeys.count - 1] = SimpleKey(
            possible: true, required: flowLevel == 0 && indent == column, line: line, column: column, index: index)
    }

    private mutating func removeSimpleKey() throws(Stop) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible && key.required { throw Stop() }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    /// A simple key is one line of at most 1024 characters.
    private mutating func staleSimpleKeys() throws(Stop) {
        for number in simpleKeys.indices where simpleKeys[number].possible {
            let key = simpleKeys[number]
            guard key.line < line || key.index + 1024 < index else { continue }
            if key.required { throw Stop() }
            simpleKeys[number].possible = false
        }
    }

    // MARK: Skipping what is not a token

    private mutating func scanToNextToken() {
        while true {
            if column == 0 && position + 2 < end && bytes[position] == 0xEF && bytes[position + 1] == 0xBB
                && bytes[position + 2] == 0xBF
            {
                advance()
            }
            while position < end
                && (bytes[position] == UInt8(ascii: " ")
                    || ((flowLevel > 0 || !simpleKeyAllowed) && bytes[position] == UInt8(ascii: "\t")))
            {
                advance()
            }
            if position < end && bytes[position] == UInt8(ascii: "#") {
                while position < end && !isBreak(position) { advance() }
            }
            guard isBreak(position) else { return }
            skipLine()
            if flowLevel == 0 { simpleKeyAllowed = true }
        }
    }

    private mutating func scanTag() throws(Stop) {
        advance()
        if position < end && bytes[position] == UInt8(ascii: "<") {
            advance()
            while position < end && isURICharacter(bytes[position], verbatim: true) { advance() }
            guard position < end && bytes[position] == UInt8(ascii: ">") else { throw Stop() }
            advance()
        } else {
            // `!`, `!suffix`, `!handle!suffix`: handle and suffix are all URI characters.
            while position < end && isURICharacter(bytes[position], verbatim: false) { advance() }
        }
        guard isBlankOrEnd(position) || (flowLevel > 0 && bytes[position] == UInt8(ascii: ",")) else { throw Stop() }
    }

    private mutating func scanQuotedScalar(single: Bool) throws(Stop) {
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        advance()
        while true {
            if column == 0 && isDocumentIndicator(position) { throw Stop() }
            guard position < end else { throw Stop() }
            while !isBlankOrEnd(position) {
                let byte = bytes[position]
                if single && byte == quote && position + 1 < end && bytes[position + 1] == quote {
                    advance(2)
                } else if byte == quote {
                    break
                } else if !single && byte == UInt8(ascii: "\\") && isBreak(position + 1) {
                    advance()
                    skipLine()
                    break
                } else if !single && byte == UInt8(ascii: "\\") {
                    // The escaped character, which may be the quote; any digits after it are
                    // read as the text they are.
                    advance(position + 1 < end ? 2 : 1)
                } else {
                    advance()
                }
            }
            if position < end && bytes[position] == quote {
                advance()
                return
            }
            while isBlank(position) || isBreak(position) {
                if isBlank(position) { advance() } else { skipLine() }
            }
        }
    }

    private mutating func scanBlockScalar() throws(Stop) {
        advance()
        var increment = 0
        func digit() throws(Stop) -> Bool {
            guard position < end, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") else { return false }
            guard bytes[position] != UInt8(ascii: "0") else { throw Stop() }
            increment = Int(bytes[position] - UInt8(ascii: "0"))
            advance()
            return true
        }
        func chomping() -> Bool {
            guard position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") else { return false }
            advance()
            return true
        }
        if chomping() {
            _ = try digit()
        } else if try digit() {
            _ = chomping()
        }
        while isBlank(position) { advance() }
        if position < end && bytes[position] == UInt8(ascii: "#") {
            while position < end && !isBreak(position) { advance() }
        }
        guard position >= end || isBreak(position) else { throw Stop() }
        if isBreak(position) { skipLine() }
        var contentIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
        try scanBlockScalarBreaks(&contentIndent)
        while column == contentIndent && position < end {
            while position < end && !isBreak(position) { advance() }
            if isBreak(position) { skipLine() }
            try scanBlockScalarBreaks(&contentIndent)
        }
    }

    /// The empty lines and the indentation before a block scalar's next line; the first time,
    /// with `contentIndent` 0, the indentation the scalar's lines have.
    private mutating func scanBlockScalarBreaks(_ contentIndent: inout Int) throws(Stop) {
        var maxIndent = 0
        while true {
            while (contentIndent == 0 || column < contentIndent) && position < end && bytes[position] == UInt8(ascii: " ") {
                advance()
            }
            maxIndent = max(maxIndent, column)
            if (contentIndent == 0 || column < contentIndent) && position < end && bytes[position] == UInt8(ascii: "\t") {
                throw Stop()
            }
            guard isBreak(position) else { break }
            skipLine()
        }
        if contentIndent == 0 { contentIndent = max(maxIndent, indent + 1, 1) }
    }

    private mutating func scanPlainScalar() throws(Stop) {
        let minimumIndent = indent + 1
        var leadingBlanks = false
        while true {
            if column == 0 && isDocumentIndicator(position) { break }
            if position < end && bytes[position] == UInt8(ascii: "#") { break }
            while !isBlankOrEnd(position) {
                let byte = bytes[position]
                if flowLevel > 0 && byte == UInt8(ascii: ":") && position + 1 < end && ",?[]{}".utf8.contains(bytes[position + 1]) {
                    throw Stop()
                }
                if (byte == UInt8(ascii: ":") && isBlankOrEnd(position + 1))
                    || (flowLevel > 0 && ",[]{}".utf8.contains(byte))
                {
                    break
                }
                leadingBlanks = false
                advance()
            }
            guard isBlank(position) || isBreak(position) else { break }
            while isBlank(position) || isBreak(position) {
                if isBlank(position) {
                    if leadingBlanks && column < minimumIndent && bytes[position] == UInt8(ascii: "\t") { throw Stop() }
                    advance()
                } else {
                    skipLine()
                    leadingBlanks = true
                }
            }
            if flowLevel == 0 && column < minimumIndent { break }
        }
        if leadingBlanks { simpleKeyAllowed = true }
    }

    // MARK: Characters

    /// Steps over `count` characters.
    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where position < end {
            position += Self.width(bytes[position])
            column += 1
            index += 1
        }
    }

    /// Steps over a line break, `\r\n` counting as one.
    private mutating func skipLine() {
        if position + 1 < end && bytes[position] == 0x0D && bytes[position + 1] == 0x0A {
            position += 2
            index += 2
        } else {
            position += Self.width(bytes[position])
            index += 1
        }
        line += 1
        column = 0
    }

    private func isBreak(_ at: Int) -> Bool {
        guard at < end else { return false }
        switch bytes[at] {
        case 0x0A, 0x0D: return true
        case 0xC2: return at + 1 < end && bytes[at + 1] == 0x85
        case 0xE2: return at + 2 < end && bytes[at + 1] == 0x80 && (bytes[at + 2] == 0xA8 || bytes[at + 2] == 0xA9)
        default: return false
        }
    }

    private func isBlank(_ at: Int) -> Bool {
        at < end && (bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t"))
    }

    private func isBlankOrEnd(_ at: Int) -> Bool { at >= end || isBlank(at) || isBreak(at) }

    /// `---` or `...` followed by a blank, a break or the end.
    private func isDocumentIndicator(_ at: Int) -> Bool {
        guard at + 2 < end else { return false }
        let first = bytes[at]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[at + 1] == first && bytes[at + 2] == first && isBlankOrEnd(at + 3)
    }

    /// What libyaml lets stand in a tag: letters, digits, `-_` and URI punctuation.
    private func isURICharacter(_ byte: UInt8, verbatim: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"):
            return verbatim
        default:
            return "-_;/?:@&=+$.%!~*'()".utf8.contains(byte)
        }
    }

    private static func width(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// How far libyaml's reader gets: it refuses control characters other than tab and line
    /// breaks, DEL, the C1 controls but NEL, surrogates, and U+FFFE and U+FFFF.
    private static func printablePrefix(_ bytes: [UInt8]) -> Int {
        var at = 0
        while at < bytes.count {
            let lead = bytes[at]
            let width = width(lead)
            var scalar = UInt32(lead)
            if width > 1 {
                scalar = UInt32(lead) & (0xFF >> (width + 1))
                for offset in 1..<width where at + offset < bytes.count { scalar = scalar << 6 | UInt32(bytes[at + offset] & 0x3F) }
            }
            let printable = scalar == 0x09 || scalar == 0x0A || scalar == 0x0D || (0x20...0x7E).contains(scalar) || scalar == 0x85
                || (0xA0...0xD7FF).contains(scalar) || (0xE000...0xFFFD).contains(scalar) || (0x10000...0x10FFFF).contains(scalar)
            guard printable else { return at }
            at += width
        }
        return bytes.count
    }
}

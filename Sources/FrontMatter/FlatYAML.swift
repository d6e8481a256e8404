package extension YAMLValue {
    /// Reads the front matter almost every post has (`key: value` lines with plain or quoted
    /// strings and `[a, b]` lists) without Yams, which costs far more per post than the rest of
    /// reading it. Anything outside that shape returns nil, and Yams reads the whole document:
    /// the result for what it does accept is the same as Yams' (tests compare the two).
    static func parseFlat(_ text: String, lineOffset: Int) -> YAMLValue? {
        // Over the contiguous bytes: through String's own UTF-8 view, each index is checked and
        // each slice kept apart, which cost several thousand instructions a value.
        var text = text
        return text.withUTF8 { parseFlat($0, lineOffset: lineOffset) }
    }

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private static func parseFlat(_ text: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> YAMLValue? {
        var pairs: [(key: String, value: YAMLValue)] = []
        var keys = Set<String>()
        var lineNumber = lineOffset
        var firstLine: Int?
        for rawLine in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") }) || line.first == UInt8(ascii: "#") { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = line[line.startIndex..<colon]
            guard let first = key.first, isKeyStart(first), key.allSatisfy(isKeyCharacter) else { return nil }
            let afterColon = line[line.index(after: colon)...]
            guard afterColon.isEmpty || afterColon.first == UInt8(ascii: " ") else { return nil }
            guard let value = flatValue(trimmed(afterColon), line: lineNumber) else { return nil }
            let name = String(decoding: key, as: UTF8.self)
            guard keys.insert(name).inserted else { return nil }  // Yams names the duplicate
            pairs.append((name, value))
            if firstLine == nil { firstLine = lineNumber }
        }
        guard let firstLine else { return .null(line: lineOffset + 1) }
        return .mapping(pairs, line: firstLine)
    }

    private static func flatValue(_ value: Bytes, line: Int) -> YAMLValue? {
        guard let first = value.first else { return .null(line: line) }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            // Quoted, without escapes or the quote inside: the text is what stands between.
            guard value.count >= 2, value.last == first else { return nil }
            let inner = value.dropFirst().dropLast()
            guard !inner.contains(first), !inner.contains(UInt8(ascii: "\\")) else { return nil }
            return .scalar(String(decoding: inner, as: UTF8.self), plain: false, line: line)
        case UInt8(ascii: "["):
            guard value.last == UInt8(ascii: "]") else { return nil }
            let inner = trimmed(value.dropFirst().dropLast())
            if inner.isEmpty { return .sequence([], line: line) }
            var items: [YAMLValue] = []
            for item in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let word = trimmed(item)
                guard let first = word.first, !isIndicator(first), word.allSatisfy(isListCharacter), !isNullWord(word) else {
                    return nil
                }
                items.append(.scalar(String(decoding: word, as: UTF8.self), plain: true, line: line))
            }
            return .sequence(items, line: line)
        default:
            guard !isIndicator(first), value.last != UInt8(ascii: ":") else { return nil }
            // `: ` would start a mapping, ` #` a comment; a tab is where YAML gets strict.
            for index in value.indices where value[index] == UInt8(ascii: "\t") { return nil }
            var previous: UInt8 = 0
            for byte in value {
                if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return nil }
                if previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#") { return nil }
                previous = byte
            }
            if isNullWord(value) { return .null(line: line) }
            return .scalar(String(decoding: value, as: UTF8.self), plain: true, line: line)
        }
    }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        var result = bytes
        while result.first == UInt8(ascii: " ") { result = result.dropFirst() }
        while result.last == UInt8(ascii: " ") { result = result.dropLast() }
        return result
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isKeyCharacter(_ byte: UInt8) -> Bool {
        isKeyStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// Letters, digits, spaces, `-_./+` and anything beyond ASCII: what a tag is made of.
    private static func isListCharacter(_ byte: UInt8) -> Bool {
        isKeyCharacter(byte) || byte >= 0x80 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "+")
    }

    /// Characters that give a YAML value a meaning other than plain text when they come first.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
            UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"), UInt8(ascii: "\t"), UInt8(ascii: " "):
            true
        default:
            false
        }
    }

    private static func isNullWord(_ bytes: Bytes) -> Bool {
        bytes.elementsEqual("~".utf8) || bytes.elementsEqual("null".utf8) || bytes.elementsEqual("Null".utf8)
            || bytes.elementsEqual("NULL".utf8)
    }
}

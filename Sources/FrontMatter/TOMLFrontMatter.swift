import Diagnostics
internal import TOMLKit

/// TOML front matter, as Hugo and Zola write it between `+++` lines, read into the same
/// ``YAMLValue`` that YAML front matter gives, so that every key means the same whichever
/// language a post was written in.
///
/// TOMLKit reports the line of a syntax error but not the line of each value; each top-level
/// key's line is found by reading the block's lines, and a value inside a table or an array
/// carries the line of the key it belongs to, which is where an author would look.
package enum TOMLFrontMatter {
    /// The mapping of `text`, the lines between the fences; `firstLine` is the file line of its
    /// first line. `what` names the text in messages: a settings file is no front matter.
    package static func parse(_ text: String, path: String, firstLine: Int, what: String = "TOML front matter") throws(Diagnostic) -> YAMLValue {
        guard text.utf8.count <= InputLimits.frontMatterBytes else {
            throw Diagnostic(path: path, line: firstLine, message:
                "\(text.utf8.count / 1024) KB of TOML is more than Galley reads (\(InputLimits.frontMatterBytes / 1024) KB); put long text in the Markdown")
        }
        if let line = lineOfLongKey(in: text) {
            throw Diagnostic(path: path, line: firstLine - 1 + line, message:
                "\(what): a key of more than \(longestKey) parts (`a.b.c…`), which nests a table a part")
        }
        if let problem = TOMLCheck.problem(in: text) {
            throw Diagnostic(path: path, line: firstLine - 1 + problem.line, message: "\(what): \(problem.message)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Diagnostic(path: path, line: firstLine - 1 + max(1, error.source.begin.line), message:
                "\(what): \(error.description)")
        } catch {
            throw Diagnostic(path: path, line: firstLine, message: "\(what) cannot be read: \(error)")
        }
        let lines = keyLines(in: text)
        // TOMLKit hands keys over sorted; the document's order is the one a reader knows.
        var pairs: [(key: String, value: YAMLValue)] = []
        for (key, value) in table {
            let line = firstLine - 1 + (lines[key] ?? 1)
            guard let converted = convert(value, line: line, depth: 1) else {
                throw Diagnostic(path: path, line: line, message:
                    "\(what) nests tables or arrays more than \(InputLimits.yamlDepth) levels deep (`a.b.c…` counts a level a key)")
            }
            pairs.append((key, converted))
        }
        pairs.sort { ($0.value.line, $0.key) < ($1.value.line, $1.key) }
        return .mapping(pairs, line: firstLine)
    }

    /// How many dots a line's keys may hold: TOMLKit makes a table of each part, one inside
    /// another, and a key of a hundred thousand parts ran it out of stack. Real keys have a few.
    static let longestKey = 1024

    /// The first line (from 1) whose keys or table header hold more than ``longestKey`` dots
    /// outside quotes: those before a line's last `=`, or all of a `[header]` line's.
    static func lineOfLongKey(in text: String) -> Int? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var dots = 0, dotsBeforeEquals = 0
            var quote: UInt8?
            for byte in line.utf8 {
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ".") {
                    dots += 1
                } else if byte == UInt8(ascii: "=") {
                    dotsBeforeEquals = dots
                } else if byte == UInt8(ascii: "#") {
                    break
                }
            }
            let header = line.utf8.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "[")
            if (header ? dots : dotsBeforeEquals) > longestKey { return number + 1 }
        }
        return nil
    }

    /// The value as front matter holds it: strings quoted (so `"true"` stays text), numbers and
    /// booleans plain, dates in the ISO form ``ContentDate`` reads. Nil for tables and arrays
    /// nested past YAML's limit, `depth` being this value's: `a.b.c… = 1` nests a table a key,
    /// and twenty thousand of them took more stack than there is.
    private static func convert(_ value: TOMLValueConvertible, line: Int, depth: Int) -> YAMLValue? {
        switch value.type {
        case .table:
            guard depth <= InputLimits.yamlDepth else { return nil }
            guard let table = value.table else { return .null(line: line) }
            var pairs: [(key: String, value: YAMLValue)] = []
            for (key, item) in table {
                guard let converted = convert(item, line: line, depth: depth + 1) else { return nil }
                pairs.append((key, converted))
            }
            return .mapping(pairs.sorted { $0.key < $1.key }, line: line)
        case .array:
            guard depth <= InputLimits.yamlDepth else { return nil }
            guard let array = value.array else { return .null(line: line) }
            var items: [YAMLValue] = []
            for item in array {
                guard let converted = convert(item, line: line, depth: depth + 1) else { return nil }
                items.append(converted)
            }
            return .sequence(items, line: line)
        case .string:
            return .scalar(value.string ?? "", plain: false, line: line)
        case .int:
            return .scalar(value.int.map(String.init) ?? "", plain: true, line: line)
        case .double:
            return .scalar(value.double.map { "\($0)" } ?? "", plain: true, line: line)
        case .bool:
            return .scalar(value.bool.map { $0 ? "true" : "false" } ?? "", plain: true, line: line)
        case .date:
            guard let date = value.date else { return .null(line: line) }
            return .scalar(text(of: date), plain: true, line: line)
        case .time:
            guard let time = value.time else { return .null(line: line) }
            return .scalar(text(of: time), plain: true, line: line)
        case .dateTime:
            guard let moment = value.dateTime else { return .null(line: line) }
            var text = text(of: moment.date) + "T" + text(of: moment.time)
            if let offset = moment.offset?.offset {
                let minutes = abs(offset)
                text += (offset < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
            }
            return .scalar(text, plain: true, line: line)
        }
    }

    private static func text(of date: TOMLDate) -> String {
        String(format: "%04d-", date.year) + pad(date.month) + "-" + pad(date.day)
    }

    private static func text(of time: TOMLTime) -> String {
        var text = pad(time.hour) + ":" + pad(time.minute) + ":" + pad(time.second)
        if time.nanoSecond > 0 { text += String(format: ".%09d", time.nanoSecond) }
        return text
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// The line (counted from 1 in `text`) of each top-level key: `key = …` or `key.sub = …`
    /// before any table header, and the first `[key]`, `[key.sub]` or `[[key]]` header. Lines
    /// inside a multi-line string are text, not keys.
    package static func keyLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var inTable = false
        var openString: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            let startsInString = openString != nil
            for fence in ["\"\"\"", "\'\'\'"] where openString == nil || openString == fence {
                if line.components(separatedBy: fence).count % 2 == 0 { openString = openString == nil ? fence : nil }
            }
            guard !startsInString else { continue }
            if line.hasPrefix("[") {
                inTable = true
                if let key = firstKey(of: line.drop { $0 == "[" || $0 == " " || $0 == "\t" }), lines[key] == nil { lines[key] = index + 1 }
            } else if !inTable, line.contains("="), let key = firstKey(of: line), lines[key] == nil {
                lines[key] = index + 1
            }
        }
        return lines
    }

    /// The first part of a (possibly dotted) key at the start of `text`: bare, "quoted" or 'literal'.
    private static func firstKey(of text: Substring) -> String? {
        guard let first = text.first else { return nil }
        if first == "\"" || first == "'" {
            let inside = text.dropFirst()
            guard let end = inside.firstIndex(of: first) else { return nil }
            return String(inside[..<end])
        }
        let key = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return key.isEmpty ? nil : String(key)
    }
}

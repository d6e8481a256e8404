import Diagnostics
import Foundation
import Yams

/// A parsed YAML value that remembers the line it came from, so that a bad value in
/// `galley.yml` or in front matter can be reported at its own line.
package indirect enum YAMLValue: Sendable, Equatable {
    /// A scalar; `plain` is false when it was quoted, so `"true"` stays a string.
    case scalar(String, plain: Bool, line: Int)
    case sequence([YAMLValue], line: Int)
    case mapping([(key: String, value: YAMLValue)], line: Int)
    case null(line: Int)

    package static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, pa, la), .scalar(b, pb, lb)): a == b && pa == pb && la == lb
        case let (.sequence(a, la), .sequence(b, lb)): a == b && la == lb
        case let (.mapping(a, la), .mapping(b, lb)):
            la == lb && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.null(la), .null(lb)): la == lb
        default: false
        }
    }

    /// The line the value starts on, counted in the document it was parsed from.
    package var line: Int {
        switch self {
        case .scalar(_, _, let line), .sequence(_, let line), .mapping(_, let line), .null(let line): line
        }
    }

    /// The value of `key` in a mapping.
    package subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The text of a scalar.
    package var string: String? {
        if case .scalar(let text, _, _) = self { return text }
        return nil
    }

    /// A YAML boolean (`true`, `false`, `yes`, `no`, `on`, `off`) written without quotes.
    package var bool: Bool? {
        guard case .scalar(let text, true, _) = self else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A whole number.
    package var int: Int? {
        guard case .scalar(let text, _, _) = self else { return nil }
        return Int(text.replacingOccurrences(of: "_", with: ""))
    }

    /// The keys and values of a mapping, in document order.
    package var pairs: [(key: String, value: YAMLValue)]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }

    /// The items of a sequence.
    package var items: [YAMLValue]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    /// Whether a params map (front matter's or galley.yml's) has `key`, at its top or in any
    /// mapping inside it.
    package static func reaches(_ key: String, in params: [String: YAMLValue]) -> Bool {
        // Most posts have no params at all: no need to hash the key for them.
        !params.isEmpty && (params[key] != nil || params.values.contains { $0.hasKey(key) })
    }

    /// Whether this value, or any value inside it, is a mapping with `key` among its keys.
    package func hasKey(_ key: String) -> Bool {
        switch self {
        case .mapping(let pairs, _): pairs.contains { $0.key == key || $0.value.hasKey(key) }
        case .sequence(let items, _): items.contains { $0.hasKey(key) }
        case .scalar, .null: false
        }
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A plain Swift value (String, Bool, Int, Double, arrays, dictionaries) for layouts.
    package var templateValue: Any? {
        switch self {
        case .scalar(let text, let plain, _):
            guard plain else { return text }
            if let bool { return bool }
            // A number a layout can add one to (`{{plusone(…)}}`) without overflowing; a bigger
            // one is its digits.
            if let int = Int(text), int.magnitude < 1 << 62 { return int }
            if let double = Double(text), text.contains(".") { return double }
            return text
        case .sequence(let items, _):
            return items.compactMap(\.templateValue)
        case .mapping(let pairs, _):
            var dictionary: [String: Any] = [:]
            for pair in pairs { dictionary[pair.key] = pair.value.templateValue }
            return dictionary
        case .null:
            return nil
        }
    }
}

package extension YAMLValue {
    /// Parses one YAML document. `lineOffset` is added to every line, for a document that
    /// starts part way into a file (front matter starts on line 2).
    static func parse(_ text: String, path: String, lineOffset: Int = 0) throws(Diagnostic) -> YAMLValue {
        guard text.utf8.count <= InputLimits.frontMatterBytes else {
            throw Diagnostic(path: path, line: lineOffset + 1, message:
                "\(text.utf8.count / 1024) KB of YAML is more than Galley reads (\(InputLimits.frontMatterBytes / 1024) KB); put long text in the Markdown")
        }
        // Controls written as they are, which libyaml refuses and the flat reading would keep,
        // become U+FFFD before either reads the text; escaped ones do in `convert`.
        let text = text.replacingForbiddenCharacters()
        if let flat = parseFlat(text, lineOffset: lineOffset) { return flat }
        return try parseWithYams(text, path: path, lineOffset: lineOffset)
    }

    /// Parses with Yams whatever the document holds, once ``YAMLPreflight`` has found nothing
    /// Yams must not be given.
    static func parseWithYams(_ text: String, path: String, lineOffset: Int = 0) throws(Diagnostic) -> YAMLValue {
        switch YAMLPreflight.firstFinding(in: text) {
        case .anchor(let line)?:
            throw Diagnostic(path: path, line: line + lineOffset, message:
                "YAML anchors (&name) are not supported: write the value out, or quote text that starts with '&'")
        case .alias(let line)?:
            throw Diagnostic(path: path, line: line + lineOffset, message:
                "YAML aliases (*name) are not supported: write the value out, or quote text that starts with '*'")
        case .tooDeep(let line)?:
            throw tooDeep(path: path, line: line + lineOffset)
        case nil:
            break
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
            let name = duplicates.first ?? ""
            let line = duplicateLine(of: name, in: text, mapping: context.mark) ?? context.mark.line
            throw Diagnostic(path: path, line: line + lineOffset, message: "'\(name)' is set twice")
        } catch let error as YamlError {
            // Only now, with the block refused, is it worth looking for what a person got wrong.
            if let hint = YAMLHint.first(in: text) {
                throw Diagnostic(path: path, line: hint.line + lineOffset, column: hint.column, message: "invalid YAML: \(hint.message)")
            }
            throw Diagnostic(path: path, line: error.line.map { $0 + lineOffset }, column: error.column, message: "invalid YAML: \(error.problem)")
        } catch {
            throw Diagnostic(path: path, line: lineOffset + 1, message: "invalid YAML: \(error)")
        }
        guard let node else { return .null(line: lineOffset + 1) }
        return try convert(node, path: path, lineOffset: lineOffset, depth: 0)
    }

    private static func tooDeep(path: String, line: Int) -> Diagnostic {
        Diagnostic(path: path, line: line, message: "YAML nested more than \(InputLimits.yamlDepth) levels deep")
    }

    /// The line of the second `name:` in the block mapping that starts at `mapping`, where Yams
    /// names the mapping but not the key; nil when it is not found there (a flow mapping).
    static func duplicateLine(of name: String, in text: String, mapping: Mark) -> Int? {
        let indentation = mapping.column - 1
        let spellings = [name, "\"\(name)\"", "'\(name)'"]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mapping.line >= 1, mapping.line <= lines.count else { return nil }
        var seen = 0
        for number in mapping.line...lines.count {
            let line = lines[number - 1]
            let body = line.drop { $0 == " " }
            if body.isEmpty || body.hasPrefix("#") { continue }
            let column = line.count - body.count
            if number > mapping.line && column < indentation { return nil }  // the mapping has ended
            // On its first line the mapping may follow `- `; after that, its keys line up.
            guard number == mapping.line || column == indentation else { continue }
            let key = line.dropFirst(indentation)
            guard spellings.contains(where: { key.hasPrefix($0) && key.dropFirst($0.count).drop { $0 == " " }.hasPrefix(":") }) else {
                continue
            }
            seen += 1
            if seen == 2 { return number }
        }
        return nil
    }

    private static func convert(_ node: Node, path: String, lineOffset: Int, depth: Int) throws(Diagnostic) -> YAMLValue {
        let line = (node.mark?.line ?? 1) + lineOffset
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, node.null != nil { return .null(line: line) }
            return .scalar(scalar.string.replacingForbiddenCharacters(), plain: scalar.style == .plain, line: line)
        case .sequence(let sequence):
            guard depth < InputLimits.yamlDepth else { throw tooDeep(path: path, line: line) }
            var items: [YAMLValue] = []
            for item in sequence { items.append(try convert(item, path: path, lineOffset: lineOffset, depth: depth + 1)) }
            return .sequence(items, line: line)
        case .mapping(let mapping):
            guard depth < InputLimits.yamlDepth else { throw tooDeep(path: path, line: line) }
            var pairs: [(key: String, value: YAMLValue)] = []
            var seen = Set<String>()
            for (key, value) in mapping {
                let keyLine = (key.mark?.line ?? 1) + lineOffset
                guard let name = key.scalar?.string.replacingForbiddenCharacters() else {
                    throw Diagnostic(path: path, line: keyLine, message: "a key must be plain text")
                }
                guard seen.insert(name).inserted else {
                    throw Diagnostic(path: path, line: keyLine, message: "'\(name)' is set twice")
                }
                var converted = try convert(value, path: path, lineOffset: lineOffset, depth: depth + 1)
                // Report a value by the line of its key: that is where the eye goes.
                if case .null = converted { converted = .null(line: keyLine) }
                pairs.append((name, converted))
            }
            return .mapping(pairs, line: line)
        case .alias:
            throw Diagnostic(path: path, line: line, message: "YAML aliases are not supported here")
        }
    }
}

package extension YamlError {
    var line: Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    /// The 1-based column libyaml stopped at.
    var column: Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.column
        default: nil
        }
    }

    var problem: String {
        switch self {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            if let context { return "\(problem) \(context.text)".trimmingCharacters(in: .whitespaces) }
            return problem
        case .reader(let problem, _, _, _): return problem
        default: return "\(self)"
        }
    }
}

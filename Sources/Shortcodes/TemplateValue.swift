import Foundation
import FrontMatter

/// A value in a post body's template language: what `{{ page.tags | join: ", " }}` works on.
package indirect enum TemplateValue: Sendable, Equatable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([TemplateValue])
    case map([String: TemplateValue])
    case nothing

    /// A front matter or galley.yml value: an unquoted `true` is a flag, an unquoted number
    /// a number, everything else text.
    package init(_ yaml: YAMLValue) {
        switch yaml {
        case .scalar(let text, let plain, _):
            if plain, let flag = yaml.bool {
                self = .flag(flag)
            } else if plain, let number = Double(text), text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) {
                self = .number(number)
            } else {
                self = .text(text)
            }
        case .sequence(let items, _): self = .list(items.map(TemplateValue.init))
        case .mapping(let pairs, _): self = .map(Dictionary(pairs.map { ($0.key, TemplateValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case .null: self = .nothing
        }
    }

    /// How the value prints: a list's items run together, as Liquid prints them.
    var printed: String {
        switch self {
        case .text(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .flag(let flag): flag ? "true" : "false"
        case .list(let items): items.map(\.printed).joined()
        case .map: ""
        case .nothing: ""
        }
    }

    /// Liquid's truth: only `false` and nothing are false.
    var isTrue: Bool {
        switch self {
        case .flag(let flag): flag
        case .nothing: false
        default: true
        }
    }

    /// The items a `for` loop walks: a list's, or the one value itself.
    var items: [TemplateValue] {
        switch self {
        case .list(let items): items
        case .nothing: []
        default: [self]
        }
    }

    /// The value at `key` of a map, or a list's `size`, `first` or `last`.
    subscript(key: String) -> TemplateValue? {
        switch self {
        case .map(let values): return values[key]
        case .list(let items):
            switch key {
            case "size": return .number(Double(items.count))
            case "first": return items.first
            case "last": return items.last
            default: return Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
            }
        case .text(let text) where key == "size": return .number(Double(text.count))
        default: return nil
        }
    }
}

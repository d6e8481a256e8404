import FrontMatter
import SiteCompiler

extension YAMLValue {
    /// The value of `key` in a mapping, its case ignored as Hugo ignores it (`baseURL`, `baseurl`).
    func value(ignoringCase key: String) -> YAMLValue? {
        let lowered = key.lowercased()
        return pairs?.first { $0.key.lowercased() == lowered }?.value
    }

    /// The text of a scalar, trimmed; nil when it is empty or not a scalar.
    var text: String? {
        guard let string = string?.trimmingCharacters(in: .whitespacesAndNewlines), !string.isEmpty else { return nil }
        return string
    }

    /// The keys of a mapping, in document order; empty for anything else.
    var keys: [String] {
        pairs?.map(\.key) ?? []
    }
}

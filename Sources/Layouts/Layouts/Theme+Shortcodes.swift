import Digests
import Foundation
import Shortcodes

/// A theme's own shortcodes: `layouts/shortcodes/NAME.mustache` renders `{{< NAME … >}}` in a
/// post, as a Hugo theme's `layouts/shortcodes/` does. The layout sees `args` (named arguments,
/// and positional ones as `args.0`, `args.1`…), `positional`, `inner` (the text up to
/// `{{< /NAME >}}`), `page` and `site`.
extension Theme {
    static let shortcodeFolder = "shortcodes/"

    /// The HTML of the theme's shortcode `name`, or nil when it has none by that name.
    package func renderShortcode(_ name: String, _ values: [String: TemplateValue]) -> String? {
        guard !name.contains("/"), layoutNames.contains(Self.shortcodeFolder + name) else { return nil }
        return render(Self.shortcodeFolder + name, values.mapValues(\.mustacheValue))
    }

    /// The digest of the theme's shortcodes: bodies rendered with others are rendered again.
    package var shortcodesFingerprint: Fingerprint {
        let parts = texts.filter { $0.key.hasPrefix(Self.shortcodeFolder) }.sorted { $0.key < $1.key }
            .map { Fingerprint.of($0.key + "\u{0}" + $0.value) }
        return Fingerprint(parts, label: "shortcodes")
    }
}

extension TemplateValue {
    /// The value as a Mustache layout reads it.
    fileprivate var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number as Any
        case .flag(let flag): flag
        case .list(let items): items.map(\.mustacheValue)
        case .map(let values): values.mapValues(\.mustacheValue)
        case .nothing: ""
        }
    }
}

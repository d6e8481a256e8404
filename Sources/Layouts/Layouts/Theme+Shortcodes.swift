import Digests
import Foundation
import LayoutScanning
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

    /// The digest of the theme's shortcodes and of every layout they include: bodies rendered
    /// with others are rendered again. Where what they include cannot be followed, every layout.
    package var shortcodesFingerprint: Fingerprint {
        let shortcodes = texts.keys.filter { $0.hasPrefix(Self.shortcodeFolder) }
        let reached = LayoutReads.reached(from: shortcodes, in: texts) ?? Set(texts.keys)
        // A name no layout has yet is digested as missing: a layout added under it counts.
        let parts = reached.sorted().map { Fingerprint.of($0 + "\u{0}" + (texts[$0].map { "\u{1}" + $0 } ?? "")) }
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

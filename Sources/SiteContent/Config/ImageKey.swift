import Foundation
import FrontMatter

/// The `image` key of front matter and galley.yml as written, before it becomes an address
/// (``ShareImage``): read where the settings are, which the content builds on.
package enum ImageKey {
    /// The value of an `image` key: text, Jekyll SEO's `{ path: … }`, or Hugo's `images`
    /// list, of which the first counts.
    package static func written(in params: [String: YAMLValue]) -> String? {
        if let value = params["image"] {
            if let text = value.string { return text }
            if let path = value["path"]?.string { return path }
        }
        return params["images"]?.items?.first?.string
    }

    /// The line the key stands on, for a message about it.
    static func line(in params: [String: YAMLValue]) -> Int? {
        (params["image"] ?? params["images"])?.line
    }

    /// Whether `written` names an SVG file, which link previews (Facebook, X, LinkedIn, Slack,
    /// the messengers) do not show: they read PNG, JPEG, GIF and WebP only.
    static func isVectorImage(_ written: String) -> Bool {
        let path = written.prefix { $0 != "?" && $0 != "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return path.hasSuffix(".svg") || path.hasSuffix(".svgz")
    }

    /// The warning for `written`, an SVG given as a share image.
    static func vectorImageProblem(_ written: String) -> String {
        "image '\(written.prefix(200))' is an SVG, which link previews do not show; give a PNG or JPEG (1200×630 suits most) for the preview picture"
    }
}

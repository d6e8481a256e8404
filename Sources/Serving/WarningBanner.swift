import Diagnostics
import Foundation
import SiteCompiler
import Text

/// The note `galley serve` puts at the foot of every page it serves while the latest build has
/// warnings (a `galley build` never writes it): each warning with its file and line, escaped,
/// and a button that dismisses it until the warnings change (the reload script remembers it).
enum WarningBanner {
    /// The element's id, which the reload script looks for.
    static let id = "galley-warnings"

    /// The banner for `warnings`; empty when there are none.
    static func html(for warnings: [Diagnostic]) -> String {
        guard !warnings.isEmpty else { return "" }
        let items = warnings.map { warning in
            let place = warning.line.map { "\(warning.path):\($0)" } ?? warning.path
            return "<li><code>\(HTMLEscape.text(place))</code> \(HTMLEscape.text(warning.message))</li>"
        }.joined()
        let count = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
        // Styled in place, so that no stylesheet of the blog's is needed or disturbed; on top of
        // everything, in a corner, scrolling within itself when the list is long.
        return """
            <aside id="\(id)" data-digest="\(digest(of: warnings))" role="status" style="position:fixed;right:1rem;bottom:1rem;\
            z-index:2147483647;max-width:min(40rem,calc(100vw - 2rem));max-height:40vh;overflow:auto;box-sizing:border-box;\
            padding:.6rem 2.4rem .6rem .9rem;font:14px/1.45 system-ui,sans-serif;text-align:left;color:#3b2a00;background:#fff6d6;\
            border:1px solid #d9a800;border-radius:6px;box-shadow:0 2px 10px rgba(0,0,0,.25)">\
            <button type="button" aria-label="Dismiss" title="Dismiss" style="position:absolute;top:.25rem;right:.4rem;border:0;\
            background:none;color:inherit;font:20px/1 system-ui,sans-serif;cursor:pointer">×</button>\
            <strong>galley serve: the last build has \(count)</strong>\
            <ul style="margin:.35rem 0 0;padding-left:1.2rem">\(items)</ul></aside>
            """
    }

    /// Tells one list of warnings from another, so that a dismissed banner comes back only
    /// when they change.
    static func digest(of warnings: [Diagnostic]) -> String {
        ServedSite.tag(of: Data(warnings.map(\.description).joined(separator: "\n").utf8)).trimmingCharacters(in: ["\""])
    }
}

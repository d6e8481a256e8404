import Mustache
import Text

/// How `{{name}}` escapes in every layout: the five characters swift-mustache's own HTML
/// escaping replaces, replaced the same way, but over bytes rather than Characters. Layouts are
/// registered with ``pragma`` as their first line, which selects it (a partial starts afresh
/// with the library's default, so each layout carries the line, not just the outer one).
package struct HTMLEscaping: MustacheContentType {
    static let name = "GALLEY_HTML"
    /// A line of its own, so Mustache drops it whole; parser line numbers are one too high.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    /// Registers the content type once per process; call before parsing a layout.
    static let register: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    package func escapeText(_ text: String) -> String { HTMLEscape.text(text) }
}

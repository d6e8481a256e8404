/// A block of code as a post writes it: a fenced block, or a `highlight` shortcode.
package struct CodeBlock: Sendable, Hashable {
    /// The language as written after the fence (`swift`, `sh`, `c++`), not yet looked up.
    package var language: String
    /// The code, as cmark-gfm reads it: every line ended by a newline.
    package var code: String

    package init(language: String, code: String) {
        self.language = language
        self.code = code
    }
}

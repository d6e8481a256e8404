/// A block of code as a post writes it: a fenced block, or a `highlight` shortcode.
public struct CodeBlock: Sendable, Hashable {
    /// The language as written after the fence (`swift`, `sh`, `c++`), not yet looked up.
    public var language: String
    /// The code, as cmark-gfm reads it: every line ended by a newline.
    public var code: String

    public init(language: String, code: String) {
        self.language = language
        self.code = code
    }
}

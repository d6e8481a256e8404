/// How math is read out of Markdown.
package enum MathSyntax: String, Sendable {
    /// `$$ … $$` is display math wherever it is, as MathJax shows it; what is inside any
    /// math delimiters reaches TeX as written.
    case galley
    /// As Jekyll's kramdown reads it: `$$ … $$` is display math only as a paragraph of its
    /// own and inline math within a line, and `\\( … \\)` and `\\[ … \\]`, which kramdown
    /// does not know, have their Markdown escapes undone (`\_` reaches TeX as `_`).
    case kramdown
    /// As Hugo's Goldmark passes math through with the delimiters Hugo's guide sets up:
    /// `\( … \)` inline, `\[ … \]` and `$$ … $$` display, each with one backslash as written in
    /// the Markdown, and the TeX inside as written. (Under the others `\(` is Markdown's escaped
    /// parenthesis, and math takes two backslashes.)
    case hugo

    /// Whether `\(` and `\[`, with one backslash, open math.
    package var singleBackslashDelimiters: Bool { self == .hugo }
}

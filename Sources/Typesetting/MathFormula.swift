/// One formula as a post writes it, with its delimiters taken off.
package struct MathFormula: Sendable, Hashable {
    /// The TeX, as the converter reads it.
    package var tex: String
    /// Whether it stands as a block of its own (`display="block"`) rather than in a line of text.
    package var display: Bool

    package init(tex: String, display: Bool) {
        self.tex = tex
        self.display = display
    }
}

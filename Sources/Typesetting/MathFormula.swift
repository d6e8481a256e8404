/// One formula as a post writes it, with its delimiters taken off.
public struct MathFormula: Sendable, Hashable {
    /// The TeX, as the converter reads it.
    public var tex: String
    /// Whether it stands as a block of its own (`display="block"`) rather than in a line of text.
    public var display: Bool

    public init(tex: String, display: Bool) {
        self.tex = tex
        self.display = display
    }
}

/// Turns TeX into MathML, a batch of formulas at a time: the seam the site compiler asks, with
/// KaTeX behind it in `galley` (the KaTeX module's `KaTeXTypesetter`) and whatever a test likes
/// in tests.
///
/// What a typesetter gives is still checked by the compiler before it reaches a page: a
/// typesetter is a program of its own, and a formula is a blog's (hostile) input.
package protocol MathTypesetter: Sendable {
    /// Names the typesetter and the version of what it makes. Results are cached under it, so
    /// a new version starts afresh.
    var identity: String { get }

    /// What became of each formula, in order.
    ///
    /// Throws ``TypesetterUnavailable`` when it cannot typeset at all (no converter installed,
    /// a converter that died): the build then says so once and leaves the TeX as it is.
    func typeset(_ formulas: [MathFormula]) throws(TypesetterUnavailable) -> [TypesetMath]
}

/// What became of one formula.
package enum TypesetMath: Sendable, Equatable {
    /// The formula as a `<math>` element (possibly wrapped, as KaTeX wraps it, in a `<span>`).
    case mathML(String)
    /// The TeX is wrong, in the converter's words: the formula stays as TeX.
    case texError(String)
}

/// One generator whose sites `galley import` reads: how to recognise its site folder and what
/// to make of it. Each is read on its own terms (Jekyll, Hugo, Zola), and everything they share
/// (the checks, the writing, the report) is outside, in ``ImportPlan`` and ``BlogWriter``.
protocol SiteGenerator: Sendable {
    /// Whether `source` looks like a site of this generator, from its names alone.
    func recognizes(_ source: SourceFolder) -> Bool

    /// The Galley blog to make from `source`: settings, files to copy, and what is left behind.
    func plan(_ source: SourceFolder) throws(ImportError) -> ImportPlan
}

/// What became of a build's pages before the writer finishes: kept as the live files are,
/// written into the spare, or found the same as the live files.
struct PageOutcome: Sendable {
    /// Whether a page was kept: asked of what the build already holds, since after an edit
    /// nearly every page is, and a set of them all would be made only to be asked.
    var kept: @Sendable (String) -> Bool
    var written: Set<String>
    var same: Set<String>
}

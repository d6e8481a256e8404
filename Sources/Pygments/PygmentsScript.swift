/// The Python program behind ``PygmentsHighlighter``, `Scripts/highlight.py`, embedded in the
/// binary at build time and run with `python3 -I -c`. Its opening comment says how it speaks:
/// length-prefixed frames (``HelperFrames``, ``PygmentsBatch``), a batch of blocks in each.
enum PygmentsScript {
    /// Bumped whenever what the script prints changes, so that cached results are made again.
    static let version = "2"

    static let source = String(decoding: PackageResources.highlight_py, as: UTF8.self)
}

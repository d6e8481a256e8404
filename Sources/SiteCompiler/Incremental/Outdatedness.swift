/// What the pipeline asks the incremental part of a build: is this page still good?
///
/// A full build answers no for every page (``RenderEverything``); a build with a cache answers
/// from the last build's records (``IntactPages``).
protocol Outdatedness: Sendable {
    /// The stamp of the live file at `path` when that file is still what a page made from
    /// `fingerprint` would be, so the page need not be rendered; nil when it must be.
    func keptStamp(of path: String, fingerprint: Fingerprint) -> FileStamp?
}

/// Every page is out of date: a build without a cache, or into a new folder.
struct RenderEverything: Outdatedness {
    func keptStamp(of path: String, fingerprint: Fingerprint) -> FileStamp? { nil }
}

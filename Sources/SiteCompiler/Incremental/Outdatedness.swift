import Digests

/// What the pipeline asks the incremental part of a build: is this page still good?
///
/// A full build answers no for every page (``RenderEverything``); a build with a cache answers
/// from the last build's records (``IntactPages``); a build in memory from the pages the site
/// before it holds (``HeldPages``).
protocol Outdatedness: Sendable {
    /// How the page at `path` stays when what is there is still what a page made from
    /// `fingerprint` would be, so the page need not be rendered; nil when it must be.
    func kept(_ path: String, fingerprint: Fingerprint) -> KeptPage?
}

/// A page that need not be rendered again, and what stays in its place.
enum KeptPage: Sendable, Equatable {
    /// The live file stays, as this stamp describes it.
    case file(FileStamp)
    /// The page held in memory by the site before stays.
    case held
}

/// Every page is out of date: a build without a cache, or into a new folder.
struct RenderEverything: Outdatedness {
    func kept(_ path: String, fingerprint: Fingerprint) -> KeptPage? { nil }
}

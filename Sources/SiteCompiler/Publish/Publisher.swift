/// Where a build's pages go as they are rendered, one at a time and from any thread.
///
/// The spare-folder writer (``OutputSession``) is one publisher; ``MemoryPublisher`` keeps
/// pages in memory, for a server that shows a site while it is written and for tests. The
/// rest of the output (static files, the theme's files, kept pages) follows in the
/// ``OutputTree`` once every page is rendered.
package protocol Publisher: Sendable {
    /// Takes the finished page at `path`, relative to the site's root (`2019/10/08/hello/index.html`).
    func publish(_ path: String, _ text: String)
}

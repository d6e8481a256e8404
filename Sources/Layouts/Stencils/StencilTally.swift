import Blocking

/// How the pages of each layout were rendered through ``LayoutStencils``, for tests: a page
/// whose values have no shape (a value of a type ``PageShape`` does not know) is rendered by
/// swift-mustache, as it would be without stencils, and only the time shows it.
package final class StencilTally: Sendable {
    struct Counts: Equatable, Sendable {
        /// Filled from a stencil, or rendered to make one.
        var stenciled = 0
        /// Rendered by the theme: no shape, a shape without a stencil, or a layout that gave up.
        var rendered = 0
    }

    private let counts = Locked([String: Counts]())

    /// The counts so far, by layout.
    var byLayout: [String: Counts] { counts.withLock { $0 } }

    func count(_ layout: String, stenciled: Bool) {
        counts.withLock { counts in
            if stenciled { counts[layout, default: Counts()].stenciled += 1 } else { counts[layout, default: Counts()].rendered += 1 }
        }
    }
}

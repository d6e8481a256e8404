import Diagnostics

/// What the build of a deploy said beside the site it made: its one-line summary and its
/// warnings, which a deploy passes on to where the writer of the branch reads (the preview's
/// changes page, the watcher's log, `galley deploy`'s output, the forge's status).
package struct DeployReport: Sendable, Equatable, CustomStringConvertible {
    /// The build's summary (`12 posts, 3 pages: …`) and what the deploy adds to it.
    package var summary: String
    /// The build's first ``carried`` warnings (from a build in a child process, as many of those
    /// as its one line of outcome holds).
    package var warnings: [Diagnostic]
    /// How many warnings the build had in all.
    package var warningCount: Int

    /// The most warnings a deploy passes on: a blog imported with thousands of broken links
    /// says the first of them, and how many there were.
    package static let carried = 200

    package init(summary: String, warnings: [Diagnostic] = [], warningCount: Int? = nil) {
        self.summary = summary
        self.warnings = warnings
        self.warningCount = warningCount ?? warnings.count
    }

    package var description: String {
        warningCount == 0 ? summary : summary + "; " + Self.warnings(warningCount)
    }

    /// `1 warning`, `2 warnings`: how every listing and status counts them.
    package static func warnings(_ count: Int) -> String {
        "\(count) warning\(count == 1 ? "" : "s")"
    }

    /// The warnings not among ``warnings``.
    package var untold: Int { warningCount - warnings.count }
}

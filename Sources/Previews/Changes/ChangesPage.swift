import Diagnostics
import Foundation
import Layouts
import SiteCompiler
import Text

/// The page every preview has at `/_galley/changes/`: what its branch changes against the
/// production site, page by page, so a reviewer reads only what the branch touched. Plain HTML
/// in the default theme's look, no script, kept out of search engines like the preview itself.
package struct ChangesPage: Sendable {
    /// Where the page goes in a release.
    package static let path = "_galley/changes/index.html"

    package var branch: String
    package var commit: String?
    package var subject: String?
    /// The changes, or why there are none to show (production not known, never deployed, or
    /// deployed by a Galley that kept no digests).
    package var changes: Result<SiteChanges, Unavailable>
    /// Production's address, for its side of each link.
    package var productionURL: String?
    /// The build's first warnings, which head the page, since they are the branch's own to
    /// mend, and how many it had.
    package var warnings: [Diagnostic] = []
    package var warningCount = 0

    /// Why a preview cannot be compared with production.
    package struct Unavailable: Error, Sendable, Equatable {
        package var reason: String
    }

    package init(branch: String, commit: String?, subject: String?, changes: Result<SiteChanges, Unavailable>, productionURL: String?) {
        self.branch = branch
        self.commit = commit
        self.subject = subject
        self.changes = changes
        self.productionURL = productionURL
    }

    package var html: String {
        let commit = self.commit.map { " at <code>\(Self.escape(String($0.prefix(7))))</code>" } ?? ""
        let subject = self.subject.map { " <span class=\"subject\">\(Self.escape($0))</span>" } ?? ""
        var body = "<p>The branch <strong>\(Self.escape(branch))</strong>\(commit)\(subject), against the production site.</p>\n"
        if warningCount > 0 { body += warningList() }
        switch changes {
        case .failure(let unavailable):
            body += "<p>\(Self.escape(unavailable.reason))</p>\n"
        case .success(let changes):
            body += summary(changes)
            body += section("Changed pages", changes.changed, production: true)
            body += section("New pages", changes.added, production: false)
            body += section("Removed pages", changes.removed, preview: false)
            if !changes.feeds.isEmpty {
                body += "<h2>Feeds</h2>\n<ul>\n"
                for feed in changes.feeds {
                    let counts = feed.total == 0 ? "no entry changed"
                        : [(feed.changed, "changed"), (feed.added, "new"), (feed.removed, "removed")].filter { $0.0 > 0 }
                            .map { "\($0.0) \($0.1)" }.joined(separator: ", ") + " entr\(feed.total == 1 ? "y" : "ies")"
                    body += "<li><a href=\"\(Self.href(SiteChanges.address(of: feed.path)))\"><code>\(Self.escape(feed.path))</code></a>: \(counts)</li>\n"
                }
                body += "</ul>\n"
            }
            body += section("Other files", changes.otherFiles, production: false)
        }
        return PlainPage(title: "Changes in \(branch)", style: """
            .changes li, .warnings li { margin: 0.3rem 0; }
            .changes .path, .subject { color: var(--muted); }
            """, body: body).html
    }

    /// The build's warnings, a line each: where (as an editor's error list names it), and what.
    private func warningList() -> String {
        var html = "<h2>Warnings (\(warningCount))</h2>\n<ul class=\"warnings\">\n"
        for warning in warnings {
            html += "<li><code>\(Self.escape(warning.place))</code>: \(Self.escape(warning.message))</li>\n"
        }
        html += "</ul>\n"
        if warningCount > warnings.count {
            html += "<p>And \(warningCount - warnings.count) more: <code>galley build</code> on the branch says them all.</p>\n"
        }
        return html
    }

    private func summary(_ changes: SiteChanges) -> String {
        let parts = [(changes.changed.count, "changed"), (changes.added.count, "new"), (changes.removed.count, "removed")]
        let counted = parts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        let nothing = changes.changed.isEmpty && changes.added.isEmpty && changes.removed.isEmpty && changes.otherFiles.isEmpty
        return nothing ? "<p>This preview shows the same pages as production (\(changes.unchanged) pages).</p>\n"
            : "<p>Pages: \(counted); \(changes.unchanged) unchanged.</p>\n"
    }

    /// A list of pages, each linked on the preview (here, by its address) and on production.
    private func section(_ title: String, _ pages: [SiteChanges.Page], preview: Bool = true, production: Bool = true) -> String {
        guard !pages.isEmpty else { return "" }
        var html = "<h2>\(Self.escape(title)) (\(pages.count))</h2>\n<ul class=\"changes\">\n"
        for page in pages {
            let name = Self.escape(page.title ?? page.address)
            let address = Self.href(page.address)
            var line = preview ? "<a href=\"\(address)\">\(name)</a>" : name
            if page.title != nil { line += " <span class=\"path\">\(Self.escape(page.address))</span>" }
            if production, let productionURL {
                var base = productionURL
                while base.hasSuffix("/") { base.removeLast() }
                line += " · <a href=\"\(Self.escape(base))\(address)\">production</a>"
            }
            html += "<li>\(line)</li>\n"
        }
        return html + "</ul>\n"
    }

    static func href(_ address: String) -> String {
        escape(address.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? address)
    }

    /// `text` for the page, its control characters written out as a terminal would be shown them.
    static func escape(_ text: String) -> String { HTMLEscape.text(PrintableText.of(text, keepingLines: false)) }
}

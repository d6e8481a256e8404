import Foundation
import Previews
import SiteCompiler

/// The page `galley host` shows at the bare domain: every preview with its branch, commit, when
/// it went live and how its last build went, linked where it is live. Plain HTML in the default
/// theme's look, no script.
struct PreviewIndex {
    /// One row.
    struct Row: Equatable {
        var label: String
        var branch: String
        var commit: String?
        var subject: String?
        var deployed: String?
        /// Whether the site is there to visit (its link exists).
        var live: Bool
        var failure: PreviewManifest.Failure?
        var production: Bool
    }

    var domain: String
    var rows: [Row]

    /// The rows of a destination's manifest (and a production folder's), production first,
    /// then the most recently deployed. `isLive` says whether a label's site can be opened.
    init(domain: String, manifest: PreviewManifest, production: (label: String, entry: PreviewManifest.Entry?)?,
         isLive: (String) -> Bool) {
        self.domain = domain
        // A label that is not one (a manifest edited by hand) is left out: it names no site.
        var rows = manifest.previews.filter { HostRoute.isLabel($0.key) }.map { label, entry in
            Row(label: label, branch: entry.branch, commit: entry.commit, subject: entry.subject, deployed: entry.deployed,
                live: entry.release != nil && isLive(label), failure: entry.failure, production: label == production?.label)
        }
        if let production, !rows.contains(where: { $0.production }) {
            let entry = production.entry
            rows.append(Row(label: production.label, branch: entry?.branch ?? "(production)", commit: entry?.commit, subject: entry?.subject,
                            deployed: entry?.deployed, live: isLive(production.label), failure: entry?.failure, production: true))
        }
        self.rows = rows.sorted { a, b in
            if a.production != b.production { return a.production }
            if a.deployed != b.deployed { return (a.deployed ?? "") > (b.deployed ?? "") }
            return a.label < b.label
        }
    }

    /// The page, with links to `<label>.<domain><port>` (the port the index was reached on, if any).
    func html(port: String) -> String {
        var body = ""
        if rows.isEmpty {
            body = "<p>No previews yet. Push a branch, and its preview appears here once it is built.</p>\n"
        } else {
            body += "<table class=\"previews\">\n<thead><tr><th scope=\"col\">Preview</th><th scope=\"col\">Branch</th>"
                + "<th scope=\"col\">Commit</th><th scope=\"col\">Live since</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n"
            for row in rows { body += self.row(row, port: port) }
            body += "</tbody>\n</table>\n"
        }
        let count = rows.filter { !$0.production }.count
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>Previews of \(Self.escape(domain))</title>
            <style>
            \(Theme.defaultStylesheet)
            body { max-width: 64rem; }
            table.previews { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
            .previews th, .previews td { text-align: left; vertical-align: top; padding: 0.5rem 0.6rem 0.5rem 0; border-bottom: 1px solid var(--rule); }
            .previews code { font-size: 0.9em; }
            .previews .subject, .previews .error { color: var(--muted); display: block; }
            .status-failed { color: var(--code-deleted); }
            </style>
            </head>
            <body>
            <header class="masthead"><h1 class="site-title">Previews of \(Self.escape(domain))</h1></header>
            <main id="main">
            <p>\(count) preview\(count == 1 ? "" : "s"), one for each branch pushed; each follows its branch.</p>
            \(body)</main>
            </body>
            </html>

            """
    }

    private func row(_ row: Row, port: String) -> String {
        let host = Self.escape("\(row.label).\(domain)")
        let name = row.live ? "<a href=\"//\(host)\(Self.escape(port))/\">\(host)</a>" : host
        let commit = row.commit.map { "<code>\(Self.escape(String($0.prefix(7))))</code>" } ?? ""
        let subject = row.subject.map { "<span class=\"subject\">\(Self.escape($0))</span>" } ?? ""
        let deployed = row.deployed.map { "<time datetime=\"\(Self.escape($0))\">\(Self.escape(Self.shown($0)))</time>" } ?? "never"
        var status: String
        if let failure = row.failure {
            let which = failure.commit.map { " at <code>\(Self.escape(String($0.prefix(7))))</code>" } ?? ""
            status = "<span class=\"status-failed\">failed\(which)</span><span class=\"error\">\(Self.escape(failure.message))</span>"
            if row.live { status += "<span class=\"error\">the last good build is still up</span>" }
        } else {
            status = row.live ? "live" : "not live"
        }
        if row.production { status = "production, " + status }
        return "<tr><td>\(name)</td><td>\(Self.escape(row.branch))</td><td>\(commit)\(subject)</td><td>\(deployed)</td><td>\(status)</td></tr>\n"
    }

    /// `2026-11-26T19:40:09Z` as `2026-11-26 19:40 UTC`.
    static func shown(_ iso: String) -> String {
        guard let date = ISO8601DateFormatter().date(from: iso) else { return iso }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    static func escape(_ text: String) -> String { HTMLEscape.text(text) }
}

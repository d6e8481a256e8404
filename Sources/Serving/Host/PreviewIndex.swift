import Foundation
import Layouts
import Previews
import SiteCompiler
import SiteContent
import Text

/// The page `galley host` shows at the bare domain: every preview with its branch, commit, when
/// it went live and how its last build went, linked where it is live. Plain HTML in the default
/// theme's look, no script.
struct PreviewIndex {
    var domain: String
    /// The sites, production first, as `galley previews list` lists them.
    var listing: PreviewListing
    /// The label production is served under, if any.
    var productionLabel: String?
    /// The production site's own domain, where its row links, if it has one.
    var productionDomain: String?

    /// The label a site is served under here: production's is the one `galley host` was given.
    func label(of site: PreviewListing.Site) -> String? {
        site.production ? productionLabel : site.label
    }

    /// The page, with links to `<label>.<domain><port>` (the port the index was reached on, if any).
    func html(port: String) -> String {
        var body = ""
        if listing.sites.isEmpty {
            body = "<p>No previews yet. Push a branch, and its preview appears here once it is built.</p>\n"
        } else {
            body += "<table class=\"previews\">\n<thead><tr><th scope=\"col\">Preview</th><th scope=\"col\">Branch</th>"
                + "<th scope=\"col\">Commit</th><th scope=\"col\">Live since</th><th scope=\"col\">Status</th>"
                + "<th scope=\"col\">Size</th><th scope=\"col\">Releases</th></tr></thead>\n<tbody>\n"
            for site in listing.sites { body += row(site, port: port) }
            body += "</tbody>\n</table>\n"
        }
        let count = listing.sites.filter { !$0.production }.count
        // The production site has a row of its own, first: the count says so, not "2" over three rows.
        let production = listing.sites.contains(where: \.production) ? " (and the production site, first)" : ""
        let intro = "<p>\(count) preview\(count == 1 ? "" : "s")\(production), one for each branch pushed; each follows its branch.</p>\n"
        return PlainPage(title: "Previews of \(domain)", style: """
            table.previews { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
            .previews th, .previews td { text-align: left; vertical-align: top; padding: 0.5rem 0.6rem 0.5rem 0; border-bottom: 1px solid var(--rule); }
            .previews code { font-size: 0.9em; }
            .previews .subject, .previews .error { color: var(--muted); display: block; }
            .status-failed { color: var(--code-deleted); }
            """, body: intro + body).html
    }

    private func row(_ site: PreviewListing.Site, port: String) -> String {
        let label = label(of: site)
        let own = site.production && label != nil ? productionDomain.map(Self.escape) : nil
        let host = own ?? label.map { Self.escape("\($0).\(domain)") } ?? "(production)"
        var name = site.live && label != nil ? "<a href=\"//\(host)\(Self.escape(port))/\">\(host)</a>" : host
        if site.live && !site.production {
            name += " <a class=\"changes\" href=\"//\(host)\(Self.escape(port))/_galley/changes/\">changes</a>"
        }
        let commit = site.commit.map { "<code>\(Self.escape(String($0.prefix(7))))</code>" } ?? ""
        let subject = site.subject.map { "<span class=\"subject\">\(Self.escape($0))</span>" } ?? ""
        let deployed = site.deployed.map { "<time datetime=\"\(Self.escape($0))\">\(Self.escape(Self.shown($0)))</time>" } ?? "never"
        var status: String
        if let error = site.error {
            let which = site.failedCommit.map { " at <code>\(Self.escape(String($0.prefix(7))))</code>" } ?? ""
            let word = site.status == .setAside ? "set aside after a crash" : "failed"
            status = "<span class=\"status-failed\">\(word)\(which)</span><span class=\"error\">\(Self.escape(error))</span>"
            if site.live { status += "<span class=\"error\">the last good build is still up</span>" }
        } else {
            status = site.live ? "live" : "not live"
        }
        if site.warnings > 0, site.live {
            let text = DeployReport.warnings(site.warnings)
            status += site.production ? ", \(text)" : ", <a href=\"//\(host)\(Self.escape(port))/_galley/changes/\">\(text)</a>"
        }
        if site.production { status = "production, " + status }
        let size = site.ownBytes.map { Self.escape($0.readableBytes) } ?? ""
        let releases = site.releases.reversed().map { release -> String in
            let short = Self.escape(release.commit.map { String($0.prefix(7)) } ?? release.id)
            let text = release.live ? "<strong>\(short)</strong>" : short
            guard let url = release.url, let address = URL(string: url)?.host else { return text }
            return "<a href=\"//\(Self.escape(address))\(Self.escape(port))/\" title=\"\(Self.escape(release.subject ?? ""))\">\(text)</a>"
        }.joined(separator: " ")
        return "<tr><td>\(name)</td><td>\(Self.escape(site.branch))</td><td>\(commit)\(subject)</td><td>\(deployed)</td><td>\(status)</td>"
            + "<td>\(size)</td><td>\(releases)</td></tr>\n"
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

    /// `text` for the page, its control characters written out as a terminal would be shown them.
    static func escape(_ text: String) -> String { HTMLEscape.text(PrintableText.of(text, keepingLines: false)) }
}

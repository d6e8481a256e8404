import Diagnostics
import Digests
import Foundation
import SiteCompiler

/// The site as the server answers from it: every file with its content type, digest and date.
/// Brought up to date after each build from the last one's entries, which hold the pages the
/// build kept; the bytes are the build's own, shared rather than copied (the reload script goes
/// into a page as it is sent).
struct ServedSite: Sendable {
    /// One file, ready to send.
    struct Entry: Sendable {
        enum Body: Sendable {
            case bytes(Data)
            /// A file of the blog, read when asked for.
            case source(String)
        }

        var body: Body
        /// Tells a changed file from the same one, for the reload events: the start of its
        /// SHA-256, or of its version's; empty for a file of the blog without a version.
        var etag: String
        var contentType: String
        /// When this build or an earlier one made it as it is, for `Last-Modified` (a file of the
        /// blog has its own date, read when it is sent).
        var modified: Date
    }

    var entries: [String: Entry]
    /// The output paths whose files differ from the site this one was made after, sorted:
    /// every path, for the first.
    private(set) var changed: [String] = []
    /// Names the build, for the reload events: a page that reconnects to a server with another
    /// build missed a change.
    var build: String
    /// The build's warnings, which every page shows in a banner.
    var warnings: [Diagnostic] = []
    /// Since when the pages have shown these warnings: a page's date is this when it is later
    /// than the page's own, so that a browser's copy with another banner is not taken for it.
    var warningsSince = Date(timeIntervalSince1970: 0)

    /// No site yet: the first build has not finished.
    init(build: String) {
        entries = [:]
        self.build = build
    }

    /// The site made from `site`, reusing `previous` for what was kept; ``changed`` says which
    /// output paths differ from `previous` (added and removed ones too).
    init(_ site: MemorySite, previous: ServedSite?, build: String, now: Date = Date()) {
        // The last build's entries, brought up to date: after an edit, only the files the build
        // made anew are looked at, not the ten thousand pages it kept.
        var entries = previous?.entries ?? [:]
        var changed: [String] = []
        func renew(_ path: String, _ file: MemorySite.File) {
            let entry = Self.entry(path, file, previous: previous?.entries[path], now: now)
            if previous?.entries[path]?.etag != entry.etag || entry.etag.isEmpty { changed.append(path) }
            entries[path] = entry
        }
        for path in site.renewed {
            if let file = site.files[path] { renew(path, file) }
        }
        // Files this build no longer has: only then do the counts differ, since every page the
        // build kept has its entry (`previous` shows the site the build went on from).
        if entries.count != site.files.count {
            for path in entries.keys.filter({ site.files[$0] == nil }) {
                entries.removeValue(forKey: path)
                changed.append(path)
            }
            for (path, file) in site.files where entries[path] == nil { renew(path, file) }
        }
        self.entries = entries
        self.changed = changed.sorted()
        self.build = build
        warnings = site.warnings
        warningsSince = previous.flatMap { $0.warnings == site.warnings ? $0.warningsSince : nil } ?? now
    }

    /// The entry for `file`, at `path`; `previous` is the last build's entry there, if any.
    private static func entry(_ path: String, _ file: MemorySite.File, previous: Entry?, now: Date) -> Entry {
        let type = ContentType.of(path)
        switch file {
        case .bytes(let data):
            let tag = tag(of: data)
            // Bytes the same as the last build's keep its date, so browsers keep their copy.
            let modified = previous.flatMap { $0.etag == tag ? $0.modified : nil } ?? now
            return Entry(body: .bytes(data), etag: tag, contentType: type, modified: modified)
        case .source(let sourcePath, let version):
            // The version changes with the file; without one there is no digest, and the file
            // counts as changed at every build.
            let tag = version.map { Self.tag(of: Data($0.bytes) + Data(sourcePath.utf8)) } ?? ""
            return Entry(body: .source(sourcePath), etag: tag, contentType: type, modified: now)
        }
    }

    /// The banner every page gets: the warnings, or nothing.
    var banner: String { WarningBanner.html(for: warnings) }

    /// A digest of `data`: the start of its SHA-256, quoted.
    static func tag(of data: Data) -> String {
        let digest = SHA256.hash(data: data)
        return "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}

import Dates
import FileSystem
import Foundation
import SiteContent
import SiteSource
import Text

/// A new post, as `galley new post` writes it: `posts/2026-11-26-slug.md` (or, as a bundle, a
/// folder `posts/2026-11-26-slug/index.md` for the post's images to go beside), with its front
/// matter filled in and dated in the blog's timezone. An existing post is never overwritten.
///
/// ```swift
/// let path = try PostScaffold(title: "Notes from the train").write(into: blog)
/// // "posts/2026-11-26-notes-from-the-train.md"
/// ```
package struct PostScaffold: Sendable {
    /// The post's title, as written into its front matter.
    package var title: String
    /// The post's date as front matter would have it (`2026-12-01`, `2026-12-01 09:30`, or with
    /// an offset), in the blog's timezone unless it has an offset; nil for the moment it is written.
    package var date: String?
    /// Whether it is written with `draft: true`, which builds leave out unless `--drafts`.
    package var draft: Bool
    /// Whether it is a folder with an `index.md`, rather than a file.
    package var bundle: Bool

    /// A post called `title`; see the properties for the rest.
    package init(title: String, date: String? = nil, draft: Bool = false, bundle: Bool = false) {
        self.title = title
        self.date = date
        self.draft = draft
        self.bundle = bundle
    }

    /// The longest slug a new post's file name gets from its title; longer ones are cut at a hyphen.
    static let longestSlug = 60

    /// The slug of the post's file name: its title made a slug (``Slug/make(_:)``, as the
    /// compiler makes `:title`), or `post` for a title with no letter or digit it keeps.
    package var slug: String {
        var slug = Slug.make(title)
        if slug.count > Self.longestSlug {
            let cut = slug.prefix(Self.longestSlug)
            slug = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut)
        }
        return slug.isEmpty ? "post" : slug
    }

    /// Writes the post into the blog folder `site`, whose galley.yml gives the timezone, and
    /// returns its path: `site` joined with its path in the blog (`blog/posts/…md`, or
    /// `posts/…md` for `.`), as are the paths of the errors. `now` is the post's date when
    /// ``date`` is nil.
    package func write(into site: String, now: Date = Date()) throws(ScaffoldError) -> String {
        func shown(_ path: String) -> String {
            site == "." || site.isEmpty ? path : site.hasSuffix("/") ? site + path : site + "/" + path
        }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ScaffoldError(path: site, message: "a post needs a title: galley new post \"A title\"", kind: .badRequest)
        }
        let source = DirectorySource(root: URL(fileURLWithPath: site))
        guard source.fileExists(SiteConfig.fileName) else {
            throw ScaffoldError(path: site == "." ? FileManager.default.currentDirectoryPath : site, message:
                "is not a blog folder (it has no galley.yml): run galley new post in one, or name it with --site", kind: .notABlog)
        }
        let config: SiteConfig
        do {
            config = try SiteConfig.load(from: source)
        } catch {
            throw ScaffoldError(error.diagnostics.map { $0.prefixed(by: site) }, kind: .blogHasErrors)
        }
        var moment = now
        if let date {
            guard let parsed = ContentDate.parse(date, in: config.timeZone) else {
                throw ScaffoldError(path: "--date", message: "'\(date)' is not a date: write 2026-12-01, 2026-12-01 09:30 or 2026-12-01T09:30:00+01:00", kind: .badRequest)
            }
            // Written as it falls in the blog's zone, the year must still be one a date is read with.
            let year = CivilTime(parsed, offset: config.timeZone.secondsFromGMT(for: parsed)).year
            guard (1...9999).contains(year) else {
                throw ScaffoldError(path: "--date", message:
                    "'\(date)' falls in the year \(year) in the blog's timezone (\(config.timeZone.identifier)); a post's date has a year from 1 to 9999", kind: .badRequest)
            }
            moment = parsed
        }
        let blog: ContainedFolder
        do {
            blog = try ContainedFolder(opening: site, followingLink: true)
        } catch {
            throw ScaffoldError(error)
        }
        var files = text(in: config.timeZone, date: moment)
        // A title with no letter or digit Galley's slugs keep (日本語, 🎉) names the post `post`:
        // the next such post of the day is `post-2`, not refused.
        var number = 1
        while Slug.make(title).isEmpty, number < 1000, [files.file, files.folder].contains(where: { blog.kind(of: $0) != 0 }) {
            number += 1
            files = text(in: config.timeZone, date: moment, slug: "post-\(number)")
        }
        // Either form of the post would be at the same address: one is enough to refuse.
        for taken in [files.file, files.folder] where blog.kind(of: taken) != 0 {
            throw ScaffoldError(path: shown(taken), message: "already exists; galley new post never overwrites a post (give it another title or --date)")
        }
        let path = bundle ? files.folder + "/index.md" : files.file
        do throws(FileSystemError) {
            try blog.makeFolder("posts")
            if bundle { try blog.makeFolder(files.folder) }
            // O_EXCL: a file that appeared since the check is still not overwritten.
            let descriptor = blog.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
            guard descriptor >= 0 else { throw blog.failure(path, errno, "cannot write") }
            defer { close(descriptor) }
            try FileBytes.write(Array(files.text.utf8), to: descriptor, path: path)
        } catch {
            throw ScaffoldError(error)
        }
        return shown(path)
    }

    /// The post's file, the folder it would be as a bundle, and its text.
    func text(in timeZone: TimeZone, date: Date, slug: String? = nil) -> (file: String, folder: String, text: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let dates = DatePattern(calendar: calendar)
        let name = "posts/\(dates.format(date, "yyyy-MM-dd"))-\(slug ?? self.slug)"
        var lines = ["---", "title: \(FrontMatterText.quoted(title.trimmingCharacters(in: .whitespacesAndNewlines)))", "date: \(dates.rfc3339(date))"]
        if draft { lines.append("draft: true") }
        lines += ["tags: []", "---", "", ""]
        return (name + ".md", name, lines.joined(separator: "\n"))
    }
}

import Foundation
import Testing

@testable import SiteImport

/// A site is hostile input: whatever its links and names, nothing outside it is read and
/// nothing outside the blog is written.
@Suite struct SourceFolderTests {
    /// A file named by `bytes` (not UTF-8, say) in the folder `folder`.
    func makeFile(named bytes: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
    }

    @Test func linksInTheSiteAreListedNeverFollowed() throws {
        let scratch = try ScratchSite()
        let outside = scratch.root.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: Private\n---\nthe machine's secret\n".utf8).write(to: outside.appending(path: "2020-01-01-private.md"))
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\n")
        try scratch.write("_posts/2020-01-02-real.md", "---\ntitle: Real\n---\n")
        try scratch.link("_posts/2020-01-03-secret.md", to: outside.appending(path: "2020-01-01-private.md").path)
        try scratch.link("_posts/more", to: outside.path)
        try scratch.link("assets", to: "/etc")
        try scratch.link("passwd.txt", to: "/etc/passwd")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "posts/2020-01-02-real.md"])
        for link in ["_posts/2020-01-03-secret.md", "_posts/more", "assets", "passwd.txt"] {
            #expect(report.mentions("\(link): a symbolic link, not followed", .notCarried), "\(link)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted() == ["blog", "outside", "site"])
    }

    @Test func aPostsFolderThatIsALinkIsNotFollowed() throws {
        let scratch = try ScratchSite()
        let outside = scratch.root.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside.appending(path: "post"), withIntermediateDirectories: true)
        try Data("---\ntitle: Private\n---\n".utf8).write(to: outside.appending(path: "post/private.md"))
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.link("content", to: outside.path)
        try scratch.link("static", to: "/etc")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml"])
        #expect(report.mentions("content: a symbolic link, not followed", .notCarried))
        #expect(report.mentions("static: a symbolic link, not followed", .notCarried))
    }

    @Test func theSiteItselfMayBeNamedThroughALink() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\n")
        let linked = scratch.root.appending(path: "linked")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: scratch.site)
        let report = try SiteImporter(source: linked.path, destination: scratch.blog.path).run()
        #expect(report.generator == .jekyll)
    }

    @Test func oddNamesAndFilesCannotEscapeOrHang() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("content/posts/real.md", "---\ntitle: Real\n---\n")
        try scratch.write("static/two\nlines.css", "body {}")
        try scratch.write("static/...", "three dots")
        try scratch.write("static/..md", "two dots and md")
        try makeFile(named: Array("caf".utf8) + [0xE9] + Array(".txt".utf8), in: scratch.site.appending(path: "static"))
        try #require(mkfifo(scratch.site.appending(path: "static/pipe").path, 0o644) == 0)
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "posts/real.md", "static/...", "static/..md"])
        #expect(scratch.blogText("static/...") == "three dots")
        // A name with a line break cannot forge a line of the report.
        #expect(report.mentions("static/two\\u{a}lines.css: not copied: its path has a control character", .notCarried))
        #expect(!report.description.contains("two\nlines"))
        #expect(report.mentions("static/pipe: not a regular file", .notCarried))
        #expect(report.mentions("static/caf\u{FFFD}.txt: not a regular file or folder, or its name is not UTF-8", .notCarried))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted() == ["blog", "site"])
    }
}

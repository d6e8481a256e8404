import FileSystem
import Foundation
import Testing

@testable import SiteImport

@Suite struct BlogWriterTests {
    func jekyllSite() throws -> ScratchSite {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\n")
        try scratch.write("_posts/2020-01-01-a.md", "---\ntitle: A\n---\n")
        return scratch
    }

    /// The names in the folder that holds the site and the blog.
    func besideTheBlog(_ scratch: ScratchSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted()
    }

    @Test func aNonEmptyDestinationIsRefusedAndLeftAsItWas() throws {
        let scratch = try jekyllSite()
        try FileManager.default.createDirectory(at: scratch.blog, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: scratch.blog.appending(path: "notes.txt"))
        #expect(performing: { try scratch.importSite() }, throws: {
            ($0 as? ImportError)?.message == "\(scratch.blog.path): is not empty: galley import writes only into a new or empty folder, so nothing of yours is overwritten"
        })
        #expect(scratch.blogFiles() == ["notes.txt"])
        #expect(try besideTheBlog(scratch) == ["blog", "site"])
    }

    @Test func anEmptyDestinationOrANewOneIsFilled() throws {
        let scratch = try jekyllSite()
        try FileManager.default.createDirectory(at: scratch.blog, withIntermediateDirectories: true)
        try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "posts/2020-01-01-a.md"])
        // Nothing is left beside it: the spare folder it was written in became it.
        #expect(try besideTheBlog(scratch) == ["blog", "site"])
    }

    @Test func aFileOrALinkInPlaceOfTheDestinationIsRefused() throws {
        let scratch = try jekyllSite()
        try Data("a file".utf8).write(to: scratch.blog)
        #expect(performing: { try scratch.importSite() }, throws: { ($0 as? ImportError)?.message.contains("exists and is not a folder") == true })
        try FileManager.default.removeItem(at: scratch.blog)
        let elsewhere = scratch.root.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.blog, withDestinationURL: elsewhere)
        #expect(performing: { try scratch.importSite() }, throws: { ($0 as? ImportError)?.message.contains("is a symbolic link") == true })
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func anImportThatFailsMidwayLeavesNoHalfBlog() throws {
        let scratch = try jekyllSite()
        var plan = ImportPlan(settings: GalleySettings(origin: "Jekyll", title: "J", baseURL: "https://j.example.com/"))
        plan.copy("_posts/2020-01-01-a.md", to: "posts/2020-01-01-a.md", as: .post)
        // A file that is gone by the time it is copied, as if removed while the import ran.
        plan.copy("_posts/2020-01-02-gone.md", to: "posts/2020-01-02-gone.md", as: .post)
        let writer = try BlogWriter(destination: scratch.blog.path)
        #expect(performing: { try writer.write(plan, from: SourceFolder(scratch.site.path)) }, throws: {
            ($0 as? ImportError)?.message.contains("_posts/2020-01-02-gone.md") == true
        })
        #expect(try besideTheBlog(scratch) == ["site"])
    }

    @Test func theFoldersOnTheWayToTheDestinationAreMade() throws {
        let scratch = try jekyllSite()
        let deeper = scratch.root.appending(path: "missing/blog")
        _ = try SiteImporter(source: scratch.site.path, destination: deeper.path).run()
        #expect(FileManager.default.fileExists(atPath: deeper.appending(path: "galley.yml").path))
    }

    @Test func aDestinationBelowAFileIsAClearError() throws {
        let scratch = try jekyllSite()
        try Data("x".utf8).write(to: scratch.root.appending(path: "file"))
        let deeper = scratch.root.appending(path: "file/blog").path
        #expect(performing: { try SiteImporter(source: scratch.site.path, destination: deeper).run() }, throws: {
            ($0 as? ImportError)?.message.hasPrefix("\(deeper): cannot open the folder it goes in: ") == true
        })
        #expect(try besideTheBlog(scratch).sorted() == ["file", "site"])
    }
}

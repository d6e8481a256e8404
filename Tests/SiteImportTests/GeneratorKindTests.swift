import Foundation
import Testing

@testable import SiteImport

@Suite struct GeneratorKindTests {
    @Test func eachGeneratorIsToldByItsFiles() throws {
        let sites: [(GeneratorKind, String, String)] = [
            (.jekyll, "_config.yml", "title: J\n"),
            (.hugo, "hugo.toml", "title = \"H\"\n"),
            (.hugo, "config.yaml", "baseURL: https://h.example.com/\n"),
            (.zola, "config.toml", "base_url = \"https://z.example.com\"\n"),
        ]
        for (kind, file, text) in sites {
            let scratch = try ScratchSite()
            try scratch.write(file, text)
            #expect(try GeneratorKind.detect(SourceFolder(scratch.site.path)) == kind, "\(file)")
        }
        let postsOnly = try ScratchSite()
        try postsOnly.write("_posts/2020-01-01-a.md", "---\ntitle: A\n---\n")
        #expect(try GeneratorKind.detect(SourceFolder(postsOnly.site.path)) == .jekyll)
    }

    @Test func aFolderOfNoGeneratorOrOfTwoAsksForFrom() throws {
        let none = try ScratchSite()
        try none.write("readme.txt", "hi")
        #expect(throws: ImportError.self) { try none.importSite() }
        #expect(performing: { try none.importSite() }, throws: { ($0 as? ImportError)?.message.contains("say which with --from jekyll|hugo|zola") == true })

        let both = try ScratchSite()
        try both.write("_config.yml", "title: J\nurl: https://j.example.com\n")
        try both.write("hugo.toml", "title = \"H\"\nbaseURL = \"https://h.example.com\"\n")
        #expect(performing: { try both.importSite() }, throws: {
            ($0 as? ImportError)?.message.contains("looks like a site of Jekyll and Hugo; say which with --from") == true
        })
        #expect(!FileManager.default.fileExists(atPath: both.blog.path))
        #expect(try both.importSite(as: .hugo).generator == .hugo)
        #expect(try both.settings().title == "H")
    }
}

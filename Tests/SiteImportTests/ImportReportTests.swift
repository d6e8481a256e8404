import Testing

@testable import SiteImport

@Suite struct ImportReportTests {
    @Test func theReportListsWhatWasLeftAndWhatToCheck() {
        let report = ImportReport(
            generator: .hugo, destination: "my blog", posts: 1, pages: 2, files: 0, drafts: 0,
            notes: [ImportNote(.check, "hugo.toml: baseURL", "put the address in"), ImportNote(.notCarried, "layouts/", "Go templates")])
        #expect(report.description == """
            Imported a Hugo site into my blog: 1 post, 2 pages, 0 other files.
            Not carried over:
              layouts/: Go templates
            To check:
              hugo.toml: baseURL: put the address in
            Build it with: galley build 'my blog'
            """)
    }

    @Test func theBuildCommandIsOneAShellReadsBack() {
        #expect(ImportReport.shellWord("blog") == "blog")
        #expect(ImportReport.shellWord("../sites/new-blog_2") == "../sites/new-blog_2")
        #expect(ImportReport.shellWord("it's mine") == #"'it'\''s mine'"#)
        #expect(ImportReport.shellWord("$(rm -rf ~)") == "'$(rm -rf ~)'")
        #expect(ImportReport.shellWord("") == "''")
    }
}

extension ImportReportTests {
    @Test func nothingASiteSaysCanForgeALineOfTheReport() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", #"title: T\#nurl: https://t.example.com\#ntimezone: "Mars/Olympus\nTo check:\n  all fine""# + "\n")
        let report = try scratch.importSite()
        #expect(report.mentions(#"'Mars/Olympus\u{a}To check:\u{a}  all fine' is not a timezone Galley knows"#, .check))
        let lines = report.description.split(separator: "\n")
        #expect(lines.filter { $0 == "To check:" }.count == 1)
        #expect(!lines.contains("  all fine"))
    }
}

import Foundation
import SiteCompiler
import SiteSource
import TestThreads
import Testing

@testable import SiteImport

/// Whether Jekyll is on this machine: Debian's `jekyll` package.
private let jekyllIsInstalled: Bool = {
    let probe = Process()
    probe.executableURL = URL(filePath: "/usr/bin/env")
    probe.arguments = ["jekyll", "--version"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitWithoutSpinning()
    return probe.terminationStatus == 0
}()

/// A Jekyll site built by the real Jekyll and imported into Galley: every post and page Galley
/// puts at another address than Jekyll is one the report names, and no other.
@Suite(.onBlockingPool, .enabled(if: jekyllIsInstalled, "needs jekyll (scripts/test installs Debian's)"))
struct JekyllURLParityTests {
    /// The addresses of the HTML files Jekyll makes of the site.
    func jekyllAddresses(_ scratch: ScratchSite) throws -> Set<String> {
        let output = scratch.root.appending(path: "jekyll-output")
        let jekyll = Process()
        jekyll.executableURL = URL(filePath: "/usr/bin/env")
        jekyll.arguments = ["jekyll", "build", "--quiet", "--source", scratch.site.path, "--destination", output.path]
        jekyll.standardOutput = FileHandle.nullDevice
        try jekyll.run()
        jekyll.waitWithoutSpinning()
        try #require(jekyll.terminationStatus == 0, "jekyll failed")
        var addresses = Set<String>()
        let walker = FileManager.default.enumerator(atPath: output.path)!
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".html") else { continue }
            addresses.insert("/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path))
        }
        return addresses
    }

    func expectOnlyNamedDocumentsMove(_ scratch: ScratchSite, moving: [String]) throws {
        try scratch.write("_layouts/default.html", "{{ content }}")
        let jekyll = try jekyllAddresses(scratch)
        let report = try scratch.importSite()
        let compiled = try scratch.compile()
        let documents = (compiled.site.posts + compiled.site.pages).map { ($0.document.sourcePath, $0.document.path) }
        // Each file of the blog by the file of the site it was copied from.
        let plan = try JekyllSite().plan(SourceFolder(scratch.site.path))
        let sourceOf = Dictionary(uniqueKeysWithValues: plan.copies.map { ($0.destination.string, $0.source) })
        let moved = documents.filter { !jekyll.contains($0.1) }.map { sourceOf[$0.0] ?? $0.0 }.sorted()
        #expect(moved == moving.sorted())
        // Notes about files, not about settings (the categories a date-style permalink leaves out).
        let named = report.notes.filter { $0.kind == .check && !$0.subject.hasPrefix("_config.yml") }
            .filter { $0.message.contains("move") || $0.message.contains("Jekyll published these") }
            .flatMap { $0.subject.components(separatedBy: ", ") }
        #expect(named.sorted() == moving.sorted())
    }

    @Test func jekyllsDefaultStyle() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\ntimezone: UTC\n")
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\nlayout: default\n---\nx\n")
        try scratch.write("_posts/2020-01-03-Upper.Case.md", "---\ntitle: Upper\nlayout: default\n---\nx\n")
        try scratch.write("_posts/2020-01-04-released.md", "---\ntitle: Released\ncategory: release\nlayout: default\n---\nx\n")
        try scratch.write("about.md", "---\ntitle: About\nlayout: default\n---\nx\n")
        try scratch.write("docs/index.md", "---\ntitle: Docs\nlayout: default\n---\nx\n")
        // A post with a category moves unless Galley's permalinks take :categories.
        let categorized = GalleyFeatures.categoriesInAddresses ? [] : ["_posts/2020-01-04-released.md"]
        try expectOnlyNamedDocumentsMove(scratch, moving: ["about.md"] + categorized)
    }

    @Test func jekyllsPrettyStyle() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\ntimezone: UTC\npermalink: pretty\n")
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\nlayout: default\n---\nx\n")
        try scratch.write("about.md", "---\ntitle: About\nlayout: default\n---\nx\n")
        try expectOnlyNamedDocumentsMove(scratch, moving: [])
    }
}

import Foundation
import SiteCompiler
import SiteSource
import TestThreads
import Testing

@testable import SiteImport

/// Whether Hugo is on this machine: Debian's `hugo` package.
private let hugoIsInstalled: Bool = {
    let probe = Process()
    probe.executableURL = URL(filePath: "/usr/bin/env")
    probe.arguments = ["hugo", "version"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitWithoutSpinning()
    return probe.terminationStatus == 0
}()

/// A Hugo site built by the real Hugo and imported into Galley: every post Galley puts at
/// another address than Hugo is one the report names, and no other.
@Suite(.onBlockingPool, .enabled(if: hugoIsInstalled, "needs hugo (scripts/test installs Debian's)"))
struct HugoURLParityTests {
    /// The addresses of Hugo's pages of `site`: a folder with an index.html, or an ugly
    /// address's own `.html` file.
    func hugoAddresses(_ scratch: ScratchSite) throws -> Set<String> {
        let output = scratch.root.appending(path: "hugo-output")
        let hugo = Process()
        hugo.executableURL = URL(filePath: "/usr/bin/env")
        hugo.arguments = ["hugo", "--quiet", "--source", scratch.site.path, "--destination", output.path]
        hugo.standardOutput = FileHandle.nullDevice
        try hugo.run()
        hugo.waitWithoutSpinning()
        try #require(hugo.terminationStatus == 0, "hugo failed")
        var addresses = Set<String>()
        let walker = FileManager.default.enumerator(atPath: output.path)!
        while let path = walker.nextObject() as? String {
            if path.hasSuffix("index.html") {
                addresses.insert("/" + path.dropLast("index.html".count))
            } else if path.hasSuffix(".html"), path != "404.html" {
                addresses.insert("/" + path)
            }
        }
        return addresses
    }

    /// Imports `scratch` and checks that the posts at addresses Hugo did not make are exactly
    /// those the report names as moving.
    func expectOnlyNamedPostsMove(_ scratch: ScratchSite, moving: [String]) throws {
        try scratch.write("layouts/_default/single.html", "{{ .Content }}")
        try scratch.write("layouts/_default/list.html", "{{ .Content }}")
        let hugo = try hugoAddresses(scratch)
        let report = try scratch.importSite()
        let posts = try scratch.compile().site.posts.map { ("content/" + $0.document.sourcePath, $0.document.path) }
        let moved = posts.filter { !hugo.contains($0.1) }.map(\.0).sorted()
        #expect(moved == moving.sorted())
        let named = report.notes.filter { $0.kind == .check && $0.message.contains("so these posts move") }.map(\.subject)
        #expect(named.joined(separator: ", ").split(separator: ", ").map(String.init).sorted() == moving.sorted())
    }

    @Test func hugosDefaultAddresses() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("content/posts/plain.md", "---\ntitle: Plain\ndate: 2020-01-01\n---\nx\n")
        try scratch.write("content/posts/slugged.md", "---\ntitle: Slugged\nslug: my-slug\ndate: 2020-01-02\n---\nx\n")
        try scratch.write("content/posts/trip/index.md", "---\ntitle: Trip\ndate: 2020-01-03\n---\nx\n")
        try scratch.write("content/posts/2020-01-04-dated.md", "---\ntitle: Dated\n---\nx\n")
        try scratch.write("content/posts/Capital.md", "---\ntitle: Capital\ndate: 2020-01-05\n---\nx\n")
        try scratch.write("content/posts/2021/nested.md", "---\ntitle: Nested\ndate: 2021-01-01\n---\nx\n")
        // Capital.md moves unless Galley can make addresses lower-case, as Hugo does.
        let capital = GalleyFeatures.lowercaseAddresses ? [] : ["content/posts/Capital.md"]
        try expectOnlyNamedPostsMove(scratch, moving: ["content/posts/2020-01-04-dated.md", "content/posts/2021/nested.md"] + capital)
        #expect(scratch.blogText("galley.yml")?.contains("lowercase_addresses: true") == GalleyFeatures.lowercaseAddresses)
    }

    @Test func hugosSlugAndTitlePlaceholders() throws {
        for pattern in ["/:year/:month/:slug/", "/:year/:title/"] {
            let scratch = try ScratchSite()
            try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n[permalinks]\nposts = \"\(pattern)\"\n")
            try scratch.write("content/posts/hello.md", "---\ntitle: Hello World\ndate: 2020-01-01\n---\nx\n")
            try scratch.write("content/posts/slugged.md", "---\ntitle: Slugged\nslug: slugged\ndate: 2020-01-02\n---\nx\n")
            try scratch.write("content/posts/accents.md", "---\ntitle: Ünïcode Títle\nslug: accents\ndate: 2020-01-03\n---\nx\n")
            try scratch.write("content/posts/dotted.md", "---\ntitle: Notes on .NET - SSL/TLS\nslug: dotted\ndate: 2020-01-04\n---\nx\n")
            // Hugo keeps the `#`, which no Galley address may hold.
            try scratch.write("content/posts/sharp.md", "---\ntitle: C# tips\nslug: sharp\ndate: 2020-01-05\n---\nx\n")
            let byTitle = GalleyFeatures.hugoSlugs ? ["content/posts/sharp.md"] : ["content/posts/accents.md", "content/posts/dotted.md"]
            let moving = pattern.contains(":slug") ? ["content/posts/hello.md"] : byTitle
            try expectOnlyNamedPostsMove(scratch, moving: moving)
        }
    }

    @Test func hugosUglyAddresses() throws {
        for settings in ["uglyURLs = true\n", "[uglyURLs]\nposts = true\n[permalinks]\nposts = \"/:year/:month/:day/:slugorfilename/\"\n"] {
            let scratch = try ScratchSite()
            try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n" + settings)
            try scratch.write("content/posts/plain.md", "---\ntitle: plain\ndate: 2020-01-01\n---\nx\n")
            try scratch.write("content/posts/slugged.md", "---\ntitle: Slugged\nslug: my-slug\ndate: 2020-01-02\n---\nx\n")
            try expectOnlyNamedPostsMove(scratch, moving: [])
            #expect(try scratch.compile().site.posts.allSatisfy { $0.document.path.hasSuffix(".html") }, "\(settings)")
        }
    }
}

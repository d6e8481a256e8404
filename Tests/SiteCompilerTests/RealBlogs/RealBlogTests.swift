import Foundation
import SiteSource
import Testing

@testable import SiteCompiler

/// Where the real blogs are, when they are: `GALLEY_REAL_FIXTURES`, or `shared/fixtures/real/`
/// beside the repository or beside any folder above it (a CI checkout may sit deeper).
enum RealBlogFixtures {
    static let folder: URL? = {
        func holdsFixtures(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appending(path: "jekyll-docs/galley.yml").path)
        }
        if let given = ProcessInfo.processInfo.environment["GALLEY_REAL_FIXTURES"] {
            return holdsFixtures(URL(filePath: given)) ? URL(filePath: given) : nil
        }
        var folder = URL(filePath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appending(path: "shared/fixtures/real")
            if holdsFixtures(candidate) { return candidate }
        }
        return nil
    }()
}

/// Blogs nobody here wrote, built as they are. A clone without the fixtures skips these; CI
/// always has them.
@Suite(.enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct RealBlogTests {
    func build(_ name: String) throws -> (SiteBuilder.Report, URL) {
        let output = FileManager.default.temporaryDirectory.appending(path: "galley-real-\(UUID().uuidString)")
        let builder = SiteBuilder(source: DirectorySource(root: RealBlogFixtures.folder!.appending(path: name)), options: BuildOptions())
        return (try builder.build(into: output), output)
    }

    @Test func theJekyllProjectsNewsBuilds() throws {
        let (report, output) = try build("jekyll-docs")
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(report.posts == 102)
        // Its posts name the layout of Jekyll's own site; they render with the post layout.
        #expect(report.warnings.map(\.message) == [
            "layout 'news_item' is not in the theme; rendered with 'post' (add layouts/news_item.mustache for a layout of its own)"
        ])
    }

    @Test func theLetsEncryptBlogBuilds() throws {
        let (report, output) = try build("letsencrypt")
        defer { try? FileManager.default.removeItem(at: output) }
        // Two of them are HTML files with front matter, published as they are.
        #expect(report.posts == 121)
        #expect(report.warnings.isEmpty)
        let eckersley = try String(contentsOf: output.appending(path: "2022/09/12/remembering-peter-eckersley/index.html"), encoding: .utf8)
        #expect(eckersley.contains("<h1 class=\"p-name\">Remembering Peter Eckersley</h1>"))
    }
}

import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A post's own address (`permalink`, `url`, Zola's `path`) is written by whoever pushed the
/// branch: each way out of the site is refused at its file and line, and each clash with
/// another file is the clash error, with the earlier output left as it was.
extension HostileOutputTests {
    @Test(arguments: [
        ("permalink: /../../outside/", "'..' segments"),
        ("permalink: \"/:year/../../../outside/\"", "'..' segments"),
        ("url: \"/%2e%2e/%2e%2e/outside/\"", "'%'"),
        ("url: \"/%2E%2E%2Foutside.html\"", "'%'"),
        ("url: //evil.example.com/x/", "not another host"),
        ("url: \"/a\\\\..\\\\b/\"", "backslashes"),
        ("url: \"/a\\tb/\"", "control characters"),
        ("url: \"/a\\nb/\"", "control characters"),
        ("url: /a/./b/", "'.' or '..' segments"),
        ("url: /a//b/", "empty folder name"),
        ("url: \"/old?page=2\"", "'?' or '#'"),
        ("url: \"\"", "must not be empty"),
        ("url: [/a/, /b/]", "must be a site path"),
        ("permalink: /:nonsense/", "unknown placeholder"),
    ])
    func aPostsOwnAddressCannotLeaveTheSite(field: String, words: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("posts/2024-02-02-p.md", TestBlog.post("title: P\n\(field)"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-p.md:3: "), "\(error)")
        #expect(error.contains(words), "\(error)")
        expectOutput(sandbox, is: output)
    }

    @Test(arguments: ["path = \"../../outside\"", "path = \"a/%2e%2e/b\"", "path = '..\\..\\x'"])
    func aZolaPathCannotLeaveTheSite(field: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("posts/2024-02-02-z.md", "+++\ntitle = \"Z\"\n\(field)\n+++\n\nText.\n")
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-z.md:3: path '"), "\(error)")
        expectOutput(sandbox, is: output)
    }

    /// An address inside the site that another file has is the clash error, naming both.
    @Test(arguments: ["url: /2024/01/01/good/", "url: /tags/", "url: /robots.txt", "url: /style.css", "url: /.galley-build",
                      "url: /", "permalink: /:year/:month/:day/good/", "aliases: [/elsewhere/]\nurl: /elsewhere"])
    func aPostsOwnAddressCannotTakeAnotherFiles(field: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("posts/2024-01-01-taker.md", TestBlog.post("title: Taker\n\(field)"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-01-01-taker.md"), "\(error)")
        expectOutput(sandbox, is: output)
    }

    /// Categories in a post's own pattern are made safe folder names, as in the site's.
    @Test func categoriesInAnOwnPatternStayInside() throws {
        let (sandbox, _) = try builtOnce()
        try sandbox.write("posts/2024-02-02-c.md", TestBlog.post("title: C\ncategories: [\"../..x\", \"A/B\", \"%2e\"]\npermalink: /:categories/c/"))
        try build(sandbox)
        let output = Sandbox.contents(of: sandbox.blog.appending(path: "_site"))
        #expect(output["x/a-b/2e/c/index.html"] != nil, "\(output.keys.sorted())")
    }
}

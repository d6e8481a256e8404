import Foundation
import Testing

extension BuildCommandTests {
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func codeIsHighlightedWithPygments() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-code.md", """
            ---
            title: Code
            ---
            ```swift
            let tag = "</code></pre><script>alert(1)</script>"
            ```

            ```no-such-language
            plain <b>text</b>
            ```
            """)
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let page = try #require(folder.read("blog/_site/2019/10/09/code/index.html"))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-swift"><span class="kd">let</span> <span class="nv">tag</span>"#))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-no-such-language">plain &lt;b&gt;text&lt;/b&gt;"#))
        #expect(!page.contains("<script>"))
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog/.galley-cache").path)
        #expect(cached.contains { $0.hasPrefix("highlight.") && $0.hasSuffix(".cache") })

        // highlight: false shows the same code plain.
        try folder.write("blog/galley.yml", "title: CLI Blog\nbase_url: https://cli.example.com/\nhighlight: false\n")
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url).status == 0)
        #expect(folder.read("blog/_site/2019/10/09/code/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-swift">let tag = "#) == true)
    }
}

import Testing

import Diagnostics
import FrontMatter

@Suite struct TOMLFrontMatterTests {
    /// Dotted keys make a table a key: nested as deep as a post can write in its front matter's
    /// bytes, they are refused at their line rather than followed until the stack runs out.
    @Test func keysAndArraysNestedTooDeepAreAnErrorAtTheirLine() throws {
        let nested = try TOMLFrontMatter.parse("title = \"T\"\nsite.params.colour = \"red\"\n", path: "posts/a.md", firstLine: 2)
        #expect(nested["site"]?["params"]?["colour"]?.string == "red")
        func refused(_ text: String, line: Int, saying words: String) {
            #expect(performing: { try TOMLFrontMatter.parse(text, path: "posts/a.md", firstLine: 2) }, throws: { error in
                guard let diagnostic = error as? Diagnostic else { return false }
                return diagnostic.path == "posts/a.md" && diagnostic.line == line && diagnostic.message.contains(words)
            })
        }
        // Past what TOMLKit can nest: refused before it reads them.
        refused("title = \"T\"\n" + String(repeating: "x.", count: 20_000) + "y = 1\n", line: 3, saying: "more than 1024 parts")
        refused(String(repeating: "x.", count: InputLimits.frontMatterBytes / 2 - 8) + "y = 1\n", line: 2, saying: "more than 1024 parts")
        refused("title = \"T\"\n\n[" + String(repeating: "t.", count: 5_000) + "u]\n", line: 4, saying: "more than 1024 parts")
        // Past YAML's depth: refused once read, at the key's line.
        refused("title = \"T\"\n" + String(repeating: "x.", count: 40) + "y = 1\n", line: 3, saying: "levels deep")
        refused("a = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n", line: 2, saying: "levels deep")
        // Dots in strings and numbers are not keys'.
        let dotted = "title = \"" + String(repeating: ".", count: 5_000) + "\"\nratio = 1.5\n"
        #expect(try TOMLFrontMatter.parse(dotted, path: "posts/a.md", firstLine: 2)["ratio"]?.string == "1.5")
        let fine = "a." + String(repeating: "b.", count: InputLimits.yamlDepth - 2) + "c = 1\n"
        #expect(try TOMLFrontMatter.parse(fine, path: "posts/a.md", firstLine: 2)["a"] != nil)
    }
}

import Testing

import Diagnostics
import FrontMatter

/// Other generators' settings files, read with the build's readers: their limits and lines too.
@Suite struct SettingsDocumentTests {
    @Test func eachLanguageGivesTheSameValues() throws {
        let yaml = try SettingsDocument.parse("title: T\npaginate: 5\nauthor:\n  name: Ada\n", as: .yaml, path: "_config.yml")
        let toml = try SettingsDocument.parse("title = \"T\"\npaginate = 5\n[author]\nname = \"Ada\"\n", as: .toml, path: "hugo.toml")
        let json = try SettingsDocument.parse(#"{"title": "T", "paginate": 5, "author": {"name": "Ada"}}"# + "\n", as: .json, path: "hugo.json")
        for value in [yaml, toml, json] {
            #expect(value["title"]?.string == "T")
            #expect(value["paginate"]?.int == 5)
            #expect(value["author"]?["name"]?.string == "Ada")
        }
        #expect(toml["author"]?.line == 3)
    }

    @Test func mistakesAreErrorsAtTheirLine() {
        #expect(performing: { try SettingsDocument.parse("title: T\nurl: [x\n", as: .yaml, path: "_config.yml") }, throws: {
            ($0 as? Diagnostic)?.path == "_config.yml" && ($0 as? Diagnostic)?.message.hasPrefix("invalid YAML") == true
        })
        // A second document below the first was said to set every key twice.
        #expect(performing: { try SettingsDocument.parse("---\ntitle: T\nurl: https://t.example.com\n---\ntitle: U\n", as: .yaml, path: "_config.yml") }, throws: {
            ($0 as? Diagnostic)?.line == 4 && ($0 as? Diagnostic)?.message.hasPrefix("invalid YAML: '---' starts a second YAML document") == true
        })
        // A settings file is said to be TOML, not front matter.
        #expect(performing: { try SettingsDocument.parse("title = \"T\"\nbaseURL = \n", as: .toml, path: "hugo.toml") }, throws: {
            ($0 as? Diagnostic)?.line == 2 && ($0 as? Diagnostic)?.message.hasPrefix("TOML: ") == true
        })
        // JSON too.
        #expect(performing: { try SettingsDocument.parse("{\"title\": \"T\",\n \"title\": \"U\"}\n", as: .json, path: "hugo.json") }, throws: {
            ($0 as? Diagnostic)?.line == 2 && ($0 as? Diagnostic)?.message == "JSON: 'title' is given twice"
        })
        #expect(performing: { try SettingsDocument.parse("[1]\n", as: .json, path: "hugo.json") }, throws: {
            ($0 as? Diagnostic)?.message == "JSON must be an object, opened by '{'"
        })
        #expect(performing: { try SettingsDocument.parse("{\"title\": \"T\"}\n{\"more\": 1}\n", as: .json, path: "hugo.json") }, throws: {
            ($0 as? Diagnostic)?.message == "text after the JSON object's closing '}'"
        })
        // What galley.yml refuses, a settings file of another generator does too.
        #expect(performing: { try SettingsDocument.parse("a: &x [1]\nb: *x\n", as: .yaml, path: "_config.yml") }, throws: {
            ($0 as? Diagnostic)?.message.contains("anchors") == true
        })
        let huge = "title = \"" + String(repeating: "x", count: InputLimits.frontMatterBytes) + "\"\n"
        #expect(performing: { try SettingsDocument.parse(huge, as: .toml, path: "hugo.toml") }, throws: {
            ($0 as? Diagnostic)?.message.contains("more than Galley reads") == true
        })
    }

    @Test func frontMatterIsReadInAnyOfTheThreeLanguages() throws {
        #expect(try SettingsDocument.frontMatter(of: "+++\nsort_by = \"date\"\n+++\n", path: "_index.md")["sort_by"]?.string == "date")
        #expect(try SettingsDocument.frontMatter(of: "---\ntitle: A\n---\nBody\n", path: "a.md")["title"]?.string == "A")
        #expect(try SettingsDocument.frontMatter(of: "No front matter.\n", path: "b.md") == .null(line: 1))
        #expect(SettingsDocument.opensWithFrontMatter(Array("\u{FEFF}---\ntitle: A\n".utf8)))
        #expect(!SettingsDocument.opensWithFrontMatter(Array("Plain text\n".utf8)))
    }
}

import Foundation
import Testing

@testable import SiteImport

/// A settings file that is there as a link or a folder is refused by name: the import went on
/// without it, and said the site had no settings or no title.
@Suite struct SettingsFileTests {
    @Test func settingsTheImportWouldNotReadAreRefusedByName() throws {
        let outside = FileManager.default.temporaryDirectory.appending(path: "galley-outside-\(UUID().uuidString).toml")
        try Data("baseURL = \"https://outside.example.com/\"\ntitle = \"Outside\"\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let cases: [(GeneratorKind, make: (ScratchSite) throws -> Void, path: String, what: String)] = [
            (.hugo, { try $0.link("hugo.toml", to: outside.path) }, "hugo.toml", "is a symbolic link, which galley import does not follow, so the site's settings cannot"),
            (.hugo, { try $0.link("config", to: outside.deletingLastPathComponent().path) }, "config", "is a symbolic link, which galley import does not follow, so the site's settings in it"),
            (.hugo, { site in
                try site.write("config/_default/hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
                try site.link("config/_default/params.toml", to: outside.path)
            }, "config/_default/params.toml", "is a symbolic link"),
            (.jekyll, { site in
                try site.write("_config.yml/x", "")
                try site.write("_posts/2020-01-02-a.md", "---\ntitle: A\n---\n")
            }, "_config.yml", "is a folder, so the site's settings cannot be read"),
            (.zola, { try $0.link("config.toml", to: outside.path) }, "config.toml", "is a symbolic link"),
        ]
        for (generator, make, path, what) in cases {
            let scratch = try ScratchSite()
            try make(scratch)
            #expect {
                try scratch.importSite(as: generator)
            } throws: { error in
                let message = (error as? ImportError)?.message ?? ""
                return message.hasPrefix("\(scratch.site.path)/\(path): \(what)") && !message.contains("Outside")
            }
            #expect(!FileManager.default.fileExists(atPath: scratch.blog.path), "\(path)")
        }
    }
}

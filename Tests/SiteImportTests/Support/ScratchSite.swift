import Foundation
import SiteCompiler
@testable import SiteContent
import SiteSource
import Testing

@testable import SiteImport

/// A site folder made in the test, and the blog folder an import makes of it beside it; both
/// removed when the test lets go.
final class ScratchSite {
    /// The folder holding `site/` and, once imported, `blog/`.
    let root: URL
    var site: URL { root.appending(path: "site") }
    var blog: URL { root.appending(path: "blog") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "site"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` to `path` below the site.
    func write(_ path: String, _ text: String) throws {
        let file = site.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Makes `path` below the site a symbolic link to `target`.
    func link(_ path: String, to target: String) throws {
        let file = site.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    }

    /// Imports the site into `blog/`.
    @discardableResult
    func importSite(as generator: GeneratorKind? = nil) throws -> ImportReport {
        try SiteImporter(source: site.path, destination: blog.path, generator: generator).run()
    }

    /// The text of `path` in the blog; nil when it is not there.
    func blogText(_ path: String) -> String? {
        FileManager.default.contents(atPath: blog.appending(path: path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file of the blog, from its top, sorted.
    func blogFiles() -> [String] {
        let walker = FileManager.default.enumerator(atPath: blog.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: blog.appending(path: path).path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The blog's settings, as a build reads them.
    func settings() throws -> SiteConfig {
        try SiteConfig.load(from: DirectorySource(root: blog))
    }

    /// The blog compiled as a build compiles it.
    func compile() throws -> SiteBuilder.Compiled {
        try SiteBuilder(source: DirectorySource(root: blog), options: BuildOptions()).compile()
    }

    /// The site path of every post the blog publishes, sorted.
    func postPaths() throws -> [String] {
        try compile().site.posts.map(\.document.path).sorted()
    }
}

extension ImportReport {
    /// The notes of one kind, each as its report line shows it.
    func lines(_ kind: ImportNote.Kind) -> [String] {
        notes.filter { $0.kind == kind }.map(\.description)
    }

    /// Whether a note of `kind` has `text` in it.
    func mentions(_ text: String, _ kind: ImportNote.Kind? = nil) -> Bool {
        notes.contains { (kind == nil || $0.kind == kind) && $0.description.contains(text) }
    }
}

import FileSystem
import Foundation
import Highlighting
import SiteContent
import SiteSource
import Testing

import Dates
import Diagnostics
import SiteCompiler

/// A blog folder in a temporary directory, built with the real compiler and read back from disk.
package final class TestBlog {
    package static let config = """
        title: Test Blog
        description: A blog made by a test.
        author: Tess Ter
        base_url: https://example.com/
        timezone: Europe/Berlin
        per_page: 2

        """

    /// A fixed moment, so "future" means the same thing on every run.
    package static let now = ContentDate.parse("2025-06-01T12:00:00Z", in: .gmt)!

    package let root: URL

    package init(_ config: String = TestBlog.config, _ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try write("galley.yml", config)
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    package var output: URL { root.appending(path: "_site") }
    package var source: DirectorySource { DirectorySource(root: root) }

    package func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    package func write(_ path: String, _ data: Data) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    package func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appending(path: path))
    }

    package func options(drafts: Bool = false, future: Bool = false, noindex: Bool = false, baseURL: String? = nil,
                 highlighter: (any CodeHighlighter)? = nil) -> BuildOptions {
        BuildOptions(baseURL: baseURL.flatMap(URL.init(string:)), includeDrafts: drafts, includeFuture: future, noindex: noindex, now: Self.now,
                     highlighter: highlighter)
    }

    @discardableResult
    package func build(_ options: BuildOptions? = nil) throws -> SiteBuilder.Report {
        try SiteBuilder(source: source, options: options ?? self.options()).build(into: output)
    }

    /// The diagnostics of a build that must fail.
    package func failure(_ options: BuildOptions? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        do {
            try build(options)
            Issue.record("the build succeeded but was expected to fail", sourceLocation: sourceLocation)
            return []
        } catch let failure as BuildFailure {
            return failure.diagnostics
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// The text of an output file, or nil when the build did not write it.
    package func page(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: output.appending(path: path).path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every output file, relative to the output folder, sorted.
    package func outputFiles() throws -> [String] {
        try DirectorySource(root: output).files(under: "")
    }

    /// Builds the blog from nothing into another folder and records an issue for every file or
    /// folder in which the output folder differs from it, names and bytes.
    package func expectSameAsFullBuild(_ step: String, options: BuildOptions? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let full = root.appending(path: "_full")
        try? FileManager.default.removeItem(at: full)
        try? FileManager.default.removeItem(at: OutputWriter(destination: full).spare)
        _ = try SiteBuilder(source: source, options: options ?? self.options()).build(into: full)
        let fresh = try DirectorySource(root: full).files(under: "")
        #expect(try outputFiles() == fresh, "\(step): different files", sourceLocation: sourceLocation)
        #expect(try ContainedFolder(opening: output.path).listing().folders.sorted() == ContainedFolder(opening: full.path).listing().folders.sorted(),
                "\(step): different folders", sourceLocation: sourceLocation)
        for path in fresh where FileManager.default.contents(atPath: output.appending(path: path).path)
            != FileManager.default.contents(atPath: full.appending(path: path).path)
        {
            Issue.record("\(step): \(path) differs from a full build", sourceLocation: sourceLocation)
        }
    }

    /// A copy of the repository's sample blog inside this one's folder, so that nothing else
    /// running meanwhile can touch what a test reads.
    package func copyOfSampleBlog() throws -> URL {
        let copy = root.appending(path: "site")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../site").standardizedFileURL, to: copy)
        return copy
    }

    /// Builds `source` twice, with `setting` of the builder on and off, and records an issue for
    /// every file in which the two outputs differ: for settings that must change only the speed.
    package func expectSameBuilds(_ source: any SourceTree, options: BuildOptions, setting: WritableKeyPath<SiteBuilder, Bool>,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        var on = SiteBuilder(source: source, options: options)
        on[keyPath: setting] = true
        var off = on
        off[keyPath: setting] = false
        let scratch = root.appending(path: "compare-\(UUID().uuidString)")
        let a = scratch.appending(path: "on"), b = scratch.appending(path: "off")
        try on.build(into: a)
        try off.build(into: b)
        try Self.expectSameTrees(a, b, sourceLocation: sourceLocation)
    }

    /// Records an issue for every file that is in one of two output folders and not the other,
    /// or differs between them, with the bytes around the first difference.
    package static func expectSameTrees(_ a: URL, _ b: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try DirectorySource(root: a).files(under: "")
        #expect(files == (try DirectorySource(root: b).files(under: "")), sourceLocation: sourceLocation)
        #expect(files.count > 5, sourceLocation: sourceLocation)
        for path in files {
            let one = FileManager.default.contents(atPath: a.appending(path: path).path) ?? Data()
            let other = FileManager.default.contents(atPath: b.appending(path: path).path) ?? Data()
            guard one != other else { continue }
            let first = zip(one, other).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(one.count, other.count)
            func around(_ data: Data) -> String { String(decoding: data.dropFirst(max(0, first - 80)).prefix(200), as: UTF8.self) }
            Issue.record("\(path) differs from byte \(first): \(around(one)) | \(around(other))", sourceLocation: sourceLocation)
        }
    }

    /// A post file with front matter built from `fields`.
    package static func post(_ fields: String, _ body: String = "Some text.") -> String {
        "---\n\(fields)\n---\n\n\(body)\n"
    }
}

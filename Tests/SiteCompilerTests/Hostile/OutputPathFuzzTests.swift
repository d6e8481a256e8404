import FileSystem
import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Blogs made at random from a seed: permalink patterns, file names, titles, slugs and aliases
/// drawn from the pieces that have let paths out before (dots, slashes, empty slugs, emoji,
/// control characters). Each blog is built and written into a sandbox; whatever it holds, every
/// file must land inside the output folder and nothing around it may change.
///
/// `GALLEY_FUZZ_SECONDS` sets how long it runs (two seconds by default) and `GALLEY_FUZZ_SEED`
/// the seed; the count of blogs tried is printed. `GALLEY_FUZZ_VERBOSE` prints why each blog
/// that failed to build failed, to see what the generator mostly makes.
@Suite struct OutputPathFuzzTests {
    typealias Generator = SeededRandom

    static let pieces = ["..", ".", "/", "//", ":slug", ":title", ":year", ":month", ":day", ":hour", "-", "x", "~", "%2e",
                         "\\", "😀", " ", "\u{0}", "\u{1}", "index.html", ".html", "..:slug", ":slug..", "?", "#"]
    static let nameParts = ["!!!", "😀", ".", "..", "-", "a", "2024-02-02-", "../", "/", "x.y", " ", "~", "\u{7}", "index"]

    static func text(_ parts: [String], _ count: ClosedRange<Int>, _ random: inout Generator) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined()
    }

    /// A YAML single-quoted scalar holding `text`.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    static func blog(_ random: inout Generator) -> MemorySource {
        // Half the blogs have a pattern that passes the checks, so that their paths get written.
        var permalink = "/" + text(pieces, 0...6, &random)
        if Bool.random(using: &random) {
            permalink = ["/:slug/", "/:year/:slug/", "/..:slug/", "/:title.html", "/:slug..:title/", "/x/:slug/"].randomElement(using: &random)!
        } else if Bool.random(using: &random) {
            permalink += Bool.random(using: &random) ? "/" : ".html"
        }
        var files = ["galley.yml": "title: Fuzz\nbase_url: https://example.com/\ntimezone: UTC\nper_page: 2\npermalink: \(quoted(permalink))\n"]
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let folder = Bool.random(using: &random) ? "posts" : "pages"
            let name = (Int.random(in: 0...3, using: &random) == 0 ? "" : "2024-02-0\(index + 1)-") + text(nameParts, 0...3, &random)
            var fields = ["title: \(quoted(text(pieces + nameParts, 0...3, &random)))", "date: 2024-02-0\(index + 1)"]
            if Bool.random(using: &random) { fields.append("slug: \(quoted(text([".", "..", "a", "-", "_", "~", "😀", "/"], 0...3, &random)))") }
            if Bool.random(using: &random) { fields.append("aliases: [\(quoted("/" + text(pieces, 0...4, &random)))]") }
            let extensionName = Bool.random(using: &random) ? ".md" : ""
            files["\(folder)/\(name)\(extensionName)"] = "---\n\(fields.joined(separator: "\n"))\n---\n\nText.\n"
            if Int.random(in: 0...4, using: &random) == 0 {
                files["static/\(text(nameParts, 1...3, &random))"] = "static"
            }
        }
        return MemorySource(files)
    }

    @Test func everyOutputPathStaysInsideTheOutputFolder() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["GALLEY_FUZZ_SECONDS"].flatMap(Double.init) ?? 2
        let seed = environment["GALLEY_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_123
        var random = Generator(state: seed)
        let sandbox = try Sandbox()
        let around = sandbox.snapshot()
        let output = sandbox.blog.appending(path: "_site")
        let options = BuildOptions(baseURL: nil, includeDrafts: true, includeFuture: true, noindex: false, now: TestBlog.now)
        let deadline = Date().addingTimeInterval(seconds)
        var tried = 0, built = 0
        while Date() < deadline {
            let source = Self.blog(&random)
            tried += 1
            let compiled: SiteBuilder.Compiled
            do {
                compiled = try SiteBuilder(source: source, options: options).compile()
            } catch {
                if environment["GALLEY_FUZZ_VERBOSE"] != nil { print("FUZZFAIL \(error)") }
                continue
            }
            for path in compiled.output.files.keys {
                #expect(RelativePath(path) != nil, "blog \(tried): the output path '\(path)' leaves the folder: \(source.files.keys.sorted())")
            }
            do {
                _ = try OutputWriter(destination: output).write(compiled.output, from: source)
                built += 1
                #expect(Set(Sandbox.contents(of: output).keys) == Set(compiled.output.files.keys), "blog \(tried)")
            } catch {
                // Only what the file system refuses (a name too long, say) may fail here.
                #expect(error is OutputError, "blog \(tried): \(error)")
            }
            if tried % 50 == 0 || Date() >= deadline {
                let now = sandbox.snapshot()
                guard now == around else {
                    sandbox.expectUntouched(since: around)
                    Issue.record("blog \(tried) reached outside the build: \(source.files)")
                    return
                }
            }
        }
        print("OutputPathFuzzTests: \(tried) blogs tried, \(built) built and written, seed \(seed), \(Int(seconds)) s")
        #expect(tried > 0)
    }
}

import ArgumentParser
import Blocking
import Diagnostics
import Foundation
import Serving
import SiteCompiler
import SiteContent
import SiteSource

extension Galley {
    /// `galley build [SITE] [-o OUT] [--base-url URL] [--drafts] [--future] [--strict]`
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build a blog folder into a static site.",
            discussion: """
                Reads SITE/galley.yml, posts/, pages/, static/ and layouts/, and writes the site to OUT \
                (SITE/_site by default). The previous output is replaced only when the whole build succeeds.
                """
        )

        @Argument(help: "The blog folder.", completion: .directory)
        var site: String = "."

        @Option(name: [.short, .customLong("output")], help: "Where to write the site (default: SITE/_site).", completion: .directory)
        var output: String?

        @Option(name: .customLong("base-url"), help: "Use this base URL instead of galley.yml's base_url in every absolute link.")
        var baseURL: String?

        @Flag(name: [.customShort("D"), .long], help: "Publish drafts too.")
        var drafts = false

        @Flag(name: [.customShort("F"), .long], help: "Publish posts dated in the future too.")
        var future = false

        @Flag(help: "Keep search engines out: a robots noindex tag in every page and a robots.txt that disallows all.")
        var noindex = false

        @Flag(help: "Fail on a layout that reads a name no page has (a misspelt variable prints nothing otherwise).")
        var strict = false

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        @Option(help: ArgumentHelp("Where the build cache is kept (default: SITE/.galley-cache).", valueName: "DIR"), completion: .directory)
        var cache: String?

        @Flag(name: .customLong("no-cache"), help: "Parse and render everything, and keep no cache.")
        var noCache = false

        @Flag(name: .shortAndLong, help: "Keep running and build again whenever a file of the blog changes (Ctrl-C stops).")
        var watch = false

        func run() async throws {
            var asked: BuildRequest
            do {
                asked = try BuildRequest(site: site, output: output, baseURL: baseURL, includeDrafts: drafts, includeFuture: future,
                                         noindex: noindex, strict: strict, cache: cache, noCache: noCache)
            } catch {
                // A folder that is not there is no blog folder; the rest are mistakes of usage.
                try NotABlogFolder.check(site, settings: false)
                throw ValidationError(error.message)
            }
            // Checked after the options, which say what is wrong with them whatever the folder.
            try NotABlogFolder.check(site)
            BuildOptions.equip(&asked.options)
            let request = asked
            // One build and nothing else in this process: it runs on this task's thread, one of
            // Dispatch's, so that its parallel work (on Dispatch's other threads) keeps to a
            // thread a core. Handed to the blocking pool, the render phase ran on three threads
            // on two cores: a title edit at 10,000 posts 12 ms quicker, a cold build no quicker,
            // and 20 MB more memory at its peak.
            guard watch else { return try build(request) }
            let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            let watching = try FolderWatch(root: request.site, inputs: SiteBuilder.inputs) { changed.yield() }
            defer { watching.stop() }
            let signals = SignalCancellation()
            do {
                try await signals.run {
                    // A failed build is reported and waited out: the next save may fix it. A build
                    // that a signal cuts short leaves the output as it was (the spare folder takes
                    // the half-made one), so nothing waits for it to end.
                    guard await BlockingPool.shared.runUnlessCancelled({ try? build(request) }) != nil else { return }
                    if !quiet { Console.error("watching \(request.site.path) for changes (Ctrl-C stops)") }
                    // Changes that come while building are in the build that follows.
                    for await _ in changes {
                        guard await BlockingPool.shared.runUnlessCancelled({ try? build(request) }) != nil else { return }
                    }
                }
            } catch where signals.signal != nil {}
            // Asked to stop, it stops as `serve` does: with 0.
            if signals.signal != nil, !quiet { Console.error("stopped") }
        }

        private func build(_ request: BuildRequest) throws {
            let terminal = quiet ? nil : TerminalProgress()
            do {
                let report = try request.build(progress: terminal?.report) {
                    Console.error("waiting for another build into \(request.output.path) to finish…")
                }
                terminal?.finish()
                for warning in report.warnings where !quiet {
                    Console.warn(warning.prefixed(by: site))
                }
                if !quiet { print(report) }
            } catch let failure as BuildFailure {
                terminal?.finish()
                for warning in failure.warnings where !quiet {
                    Console.warn(warning.prefixed(by: site))
                }
                Console.report(failure.diagnostics.map { $0.prefixed(by: site) })
                // A first build that fails writes no output folder: nothing was there to keep.
                let outcome = FileManager.default.fileExists(atPath: request.output.path)
                    ? "\(shownOutput) was left as it was" : "nothing was written to \(shownOutput)"
                Console.error("build failed: \(failure.diagnostics.count) error\(failure.diagnostics.count == 1 ? "" : "s"); \(outcome)")
                throw ExitCode.blogHasErrors
            } catch let error as OutputError {
                terminal?.finish()
                Console.report([Diagnostic(path: shown(error.path, output: request.output), message: error.message)])
                throw ExitCode.fileOrPort
            }
        }

        /// The output folder as the command line named it, as messages name every path: relative
        /// to where the command ran (`site/_site`), or absolute if it was given so.
        private var shownOutput: String {
            if let output { return output }
            return site.hasSuffix("/") ? site + "_site" : site + "/_site"
        }

        /// `path`, which names the output folder `output` or a file in it, as ``shownOutput`` names it.
        private func shown(_ path: String, output: URL) -> String {
            let full = output.standardizedFileURL.path
            guard path.hasPrefix(full) else { return path }
            let rest = path.dropFirst(full.count)
            guard rest.isEmpty || rest.hasPrefix("/") else { return path }
            return shownOutput + rest
        }
    }
}

import ArgumentParser
import Foundation
import SiteCompiler
import SiteSource

extension Galley {
    /// `galley build [SITE] [-o OUT] [--base-url URL] [--drafts] [--future]`
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
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

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        @Option(help: ArgumentHelp("Where the build cache is kept (default: SITE/.galley-cache).", valueName: "DIR"), completion: .directory)
        var cache: String?

        @Flag(name: .customLong("no-cache"), help: "Parse and render everything, and keep no cache.")
        var noCache = false

        func run() throws {
            let siteURL = URL(fileURLWithPath: site)
            let outputURL = output.map { URL(fileURLWithPath: $0) } ?? siteURL.appending(path: "_site")
            var options = BuildOptions(includeDrafts: drafts, includeFuture: future, noindex: noindex)
            if let baseURL {
                switch SiteConfig.parseBaseURL(baseURL) {
                case .success(let url): options.baseURL = url
                case .failure(let problem): throw ValidationError(problem.message.replacingOccurrences(of: "base_url", with: "--base-url"))
                }
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: siteURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(site): no such folder")
            }
            // An output inside a source folder would be read back as content by the next build.
            let outputPath = Self.resolved(outputURL) + "/"
            for folder in ["posts", "pages", "static", "layouts"] {
                let source = Self.resolved(siteURL.appending(path: folder)) + "/"
                if outputPath.hasPrefix(source) {
                    throw ValidationError("the output folder \(outputURL.path) is inside \(folder)/, where the next build would read it back; choose another -o")
                }
            }

            let terminal = quiet ? nil : TerminalProgress()
            let builder = SiteBuilder(source: DirectorySource(root: siteURL), options: options)
            do {
                let cacheURL = noCache ? nil : cache.map { URL(fileURLWithPath: $0) } ?? siteURL.appending(path: ".galley-cache")
                let report = try builder.build(into: outputURL, cache: cacheURL, progress: terminal?.report) {
                    Console.error("waiting for another build into \(outputURL.path) to finish…")
                }
                terminal?.finish()
                for warning in report.warnings where !quiet {
                    Console.error("warning: \(warning.prefixed(by: site))")
                }
                if !quiet { print(report) }
            } catch let failure as BuildFailure {
                terminal?.finish()
                for diagnostic in failure.diagnostics { Console.error(diagnostic.prefixed(by: site).description) }
                Console.error("build failed: \(failure.diagnostics.count) error\(failure.diagnostics.count == 1 ? "" : "s"); \(outputURL.path) was left as it was")
                throw ExitCode.failure
            } catch let error as OutputError {
                terminal?.finish()
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }

        /// `url` with every link resolved, also where its last folders do not exist yet (the output
        /// of a first build): the nearest existing folder is resolved and the rest put back.
        static func resolved(_ url: URL) -> String {
            var existing = url.standardizedFileURL
            var rest: [String] = []
            func real(_ path: String) -> String? {
                guard let resolved = realpath(path, nil) else { return nil }
                defer { free(resolved) }
                return String(cString: resolved)
            }
            while existing.path != "/", real(existing.path) == nil {
                rest.insert(existing.lastPathComponent, at: 0)
                existing.deleteLastPathComponent()
            }
            guard let found = real(existing.path) else { return url.standardizedFileURL.path }
            return ([found] + rest).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
        }
    }
}

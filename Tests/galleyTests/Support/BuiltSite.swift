import Foundation
import Testing

/// A blog built by the real `galley` binary into a scratch folder, with what the build said and
/// what `read-output.py` read in its pages and feeds.
struct BuiltSite {
    let scratch: ScratchFolder
    /// The blog folder that was built.
    let blog: URL
    /// The site's address: the blog's `base_url` or the `--base-url` the build was given.
    let base: URL
    let output: URL
    let build: GalleyProcess.Result
    var reading: OutputReading

    /// Builds `blog` with `arguments` added to `galley build` (`--base-url …`). The cache goes in
    /// the scratch folder too: the fixtures are read-only, and the repository's sample blog is
    /// left as it is.
    init(_ blog: URL, base: URL, arguments: [String] = []) throws {
        scratch = try ScratchFolder()
        self.blog = blog
        self.base = base
        output = scratch.url.appending(path: "out")
        build = try GalleyProcess.run(["build", blog.path, "-o", output.path, "--cache", scratch.url.appending(path: "cache").path] + arguments,
                                      in: scratch.url)
        try #require(build.status == 0, "galley build \(blog.lastPathComponent) failed:\n\(build.stderr)")
        reading = try OutputReading.read(output)
    }

    /// The warnings the build printed, without the `warning: ` in front.
    var warnings: [String] {
        build.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst("warning: ".count)) }
    }

    /// Every `.html` file of the output, relative to it.
    var pages: [String] { reading.pages.keys.sorted() }
}

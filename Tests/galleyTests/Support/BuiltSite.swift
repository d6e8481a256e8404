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
    /// Every address-like word in the blog's posts/ (`https://host/a/#b`, `/a/`, `#b`), with the
    /// path and the fragment of each, to tell a link an author wrote from one the theme or a
    /// generator writes.
    let postAddresses: Set<String>

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
        postAddresses = try Self.addresses(inPostsOf: blog)
    }

    private static func addresses(inPostsOf blog: URL) throws -> Set<String> {
        let posts = blog.appending(path: "posts")
        // A blog of pages alone (the user guide) has no posts/ at all.
        guard FileManager.default.fileExists(atPath: posts.path) else { return [] }
        // Markdown and HTML put an address between brackets, quotes or spaces.
        let separators = Set(" \t\r\n()[]<>\"'`".utf8)
        var addresses = Set<String>()
        for path in try FileManager.default.subpathsOfDirectory(atPath: posts.path) {
            guard let data = FileManager.default.contents(atPath: posts.appending(path: path).path) else { continue }
            for word in data.split(whereSeparator: separators.contains) {
                let word = String(decoding: word, as: UTF8.self)
                // Each address with and without its fragment, and its path without the host.
                let fragment = word.firstIndex(of: "#")
                for address in [word, fragment.map { String(word[..<$0]) }].compactMap({ $0 }) {
                    addresses.insert(address)
                    if let scheme = address.range(of: "://"), let path = address[scheme.upperBound...].firstIndex(of: "/") {
                        addresses.insert(String(address[path...]))
                    }
                }
                if let fragment { addresses.insert(String(word[fragment...])) }
            }
        }
        return addresses
    }

    /// Whether an author wrote `link` in a post: its address, the site path it leads to or its
    /// `#fragment` is a word of a post.
    func writtenInPosts(_ link: BrokenLink) -> Bool {
        let fragment = link.path.firstIndex(of: "#").map { String(link.path[$0...]) }
        return [link.address, link.path, fragment].contains { $0.map(postAddresses.contains) ?? false }
    }

    /// The warnings the build printed, without the `warning: ` in front.
    var warnings: [String] {
        build.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst("warning: ".count)) }
    }

    /// Every `.html` file of the output, relative to it.
    var pages: [String] { reading.pages.keys.sorted() }
}

import Failures
import FileSystem
import Foundation
import SiteContent
import SiteSource

/// A build of a blog folder as `galley build` asks for it, checked and with every path settled:
/// the blog, where the site goes, where the cache is kept, and the options.
package struct BuildRequest: Sendable {
    /// The blog's folder.
    package var site: URL
    /// Where the site goes: `SITE/_site` unless told otherwise.
    package var output: URL
    /// Where the cache is kept (`SITE/.galley-cache` unless told otherwise); nil for no cache.
    package var cache: URL?
    package var options: BuildOptions

    /// Checks what a user gave and settles it. `baseURL` must be an absolute http or https
    /// address; `site` must be a folder; the output may not lie inside a folder the build reads
    /// (`posts/`, `pages/`, `static/`, `layouts/`), through links or not, or the next build
    /// would read it back as content.
    package init(site: String, output: String? = nil, baseURL: String? = nil, includeDrafts: Bool = false, includeFuture: Bool = false,
                noindex: Bool = false, strict: Bool = false, cache: String? = nil, noCache: Bool = false) throws(BuildRequestError) {
        self.site = URL(fileURLWithPath: site)
        self.output = output.map { URL(fileURLWithPath: $0) } ?? self.site.appending(path: "_site")
        self.cache = noCache ? nil : cache.map { URL(fileURLWithPath: $0) } ?? self.site.appending(path: ".galley-cache")
        options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, noindex: noindex)
        options.strict = strict
        if let baseURL {
            switch SiteConfig.parseBaseURL(baseURL) {
            case .success(let url): options.baseURL = url
            case .failure(let problem): throw BuildRequestError(problem.message.replacingOccurrences(of: "base_url", with: "--base-url"))
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: self.site.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BuildRequestError("\(site): no such folder")
        }
        let outputPath = FolderPath.resolvingLinks(self.output.path) + "/"
        for folder in ["posts", "pages", "static", "layouts"] where outputPath.hasPrefix(FolderPath.resolvingLinks(self.site.appending(path: folder).path) + "/") {
            throw BuildRequestError("the output folder \(self.output.path) is inside \(folder)/, where the next build would read it back; choose another -o")
        }
    }

    /// Builds the blog (see ``SiteBuilder/build(into:cache:progress:waiting:sharing:)``).
    @discardableResult
    package func build(progress: BuildProgress? = nil, waiting: (@Sendable () -> Void)? = nil) throws -> SiteBuilder.Report {
        try SiteBuilder(source: DirectorySource(root: site), options: options).build(into: output, cache: cache, progress: progress, waiting: waiting)
    }
}

/// A build request that cannot be carried out as given, with what to change.
package struct BuildRequestError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
}

extension BuildRequestError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { .other }
}

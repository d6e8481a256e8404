import Diagnostics
import Digests
import FileSystem
import Foundation
import Layouts
import SiteContent
import SiteSource

extension SiteBuilder {
    /// The first half of loading the source: galley.yml and the theme, each problem reported.
    func loadSettings(_ log: inout DiagnosticLog) throws(BuildFailure) -> (SiteConfig, Theme) {
        var config: SiteConfig?
        do {
            config = try SiteConfig.load(from: source)
        } catch {
            log.report(contentsOf: error.diagnostics)
        }
        var theme: Theme?
        do {
            theme = try Theme.load(from: source)
        } catch {
            log.report(contentsOf: error.diagnostics)
        }
        guard var config, let theme else {
            // A layout committed as a link may be why one is missing.
            var failure = log.failure
            failure.warnings += leftOutLinks.filter { $0.path != SiteConfig.fileName }
            throw failure
        }
        if let baseURL = options.baseURL {
            config.baseURL = baseURL
            config.baseURLIsSet = true
        } else if !config.baseURLIsSet, options.requireBaseURL {
            // A new blog's galley.yml holds the setting commented out: that line is the place.
            let text = (try? source.contents(of: SiteConfig.fileName)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let commented = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.drop { $0 == "#" || $0 == " " }.hasPrefix("base_url:") && $0.hasPrefix("#")
            }
            throw BuildFailure([Diagnostic(path: SiteConfig.fileName, line: commented.map { $0 + 1 }, message:
                "missing 'base_url'\(commented == nil ? "" : " (it is commented out here)"): a published blog needs the address it is "
                + "published at, for its feeds, sitemap and canonical links (base_url: https://example.com/)")])
        }
        let speaking = theme.speaking(config, log: &log)
        try log.check()
        return (config, speaking)
    }

    /// The second half: every post, page and static file. `recall` answers for the documents
    /// builds before read, taken instead of reading a file while its version or digest is the same.
    func loadContent(config: SiteConfig, recall: any SourceRecall) -> ContentLoader.Loaded {
        ContentLoader(config: config, tree: source, recall: recall, settledBefore: settledBefore).load()
    }

    /// The links of a commit among what a build reads, which it leaves out: said, so that a
    /// post or picture committed as a link is not simply missing from the preview.
    var leftOutLinks: [Diagnostic] {
        source.leftOut.filter { path in
            Self.inputs.contains { path == $0 || path.hasPrefix($0 + "/") } && !SourceFileFilter.ignoresAnyName(in: path)
        }.map {
            Diagnostic(path: $0, message: "a symbolic link in the commit, left out: a build from git never follows one (it could lead out of the repository); commit the file itself in its place")
        }
    }

    /// Files changed since this are not trusted by their version alone: file times are coarse.
    var settledBefore: Int { Int(Date().timeIntervalSince1970 * 1e9) - racyMargin }

    /// What each file copied as it is is made from (see ``PagePlanner/PageInputs/files``): its
    /// version as the walk before the build saw it, once settled. No file is looked at again.
    func copiedFiles(_ versions: [String: FileVersion]) -> @Sendable (String) -> Fingerprint? {
        let settledBefore = settledBefore
        return { source in
            guard let version = versions[source], version.changed < settledBefore else { return nil }
            return Fingerprint.of(Data(version.bytes), named: source)
        }
    }
}

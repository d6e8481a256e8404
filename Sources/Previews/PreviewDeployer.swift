import Foundation
import GitSource
import SiteCompiler

/// Builds a branch of a blog and puts it live: a preview at `<label>.<domain>` for every branch,
/// or the real site for the production branch. `galley deploy` and `galley watch` both go
/// through here.
public struct PreviewDeployer: Sendable {
    /// Where and how previews are published.
    public struct Configuration: Sendable {
        /// Where previews go: each at `<destination>/<label>.<domain>`.
        public var destination: any Destination
        /// The domain previews are served under, such as `previews.example.com`.
        public var domain: String
        /// `https` or `http`, for the previews' base URL.
        public var scheme: String
        /// The branch that publishes the real site.
        public var productionBranch: String
        /// Where the production branch is published: a destination and the name of its link.
        public var production: ReleaseSlot?
        /// How many releases each preview keeps for `galley rollback`.
        public var keep: Int
        /// Where builds are kept between deploys, so that unchanged files keep their times.
        public var cacheDirectory: URL

        public init(destination: any Destination, domain: String, scheme: String = "https", productionBranch: String = "main",
                    production: ReleaseSlot? = nil, keep: Int = 3, cacheDirectory: URL) {
            self.destination = destination
            self.domain = domain
            self.scheme = scheme
            self.productionBranch = productionBranch
            self.production = production
            self.keep = keep
            self.cacheDirectory = cacheDirectory
        }
    }

    /// What a deploy did.
    public enum Outcome: Sendable, Equatable {
        /// The site is live at `url`.
        case deployed(url: String, label: String?, release: String, report: String)
        /// A newer commit of the branch is live or on its way; this one was not put live.
        case superseded(live: String?)
        /// The production branch, with nowhere to publish it configured.
        case productionWithoutTarget
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) throws {
        try Self.checkDomain(configuration.domain)
        guard configuration.scheme == "https" || configuration.scheme == "http" else {
            throw DeployError("the scheme must be https or http, not '\(configuration.scheme)'")
        }
        self.configuration = configuration
    }

    static func checkDomain(_ domain: String) throws {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !domain.isEmpty && domain.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        guard valid else { throw DeployError("'\(domain)' is not a domain name such as previews.example.com") }
    }

    /// The slot a preview label lives in.
    func previewSlot(_ label: String) -> ReleaseSlot {
        ReleaseSlot(destination: configuration.destination, name: "\(label).\(configuration.domain.lowercased())")
    }

    /// The address of a preview.
    public func url(label: String) -> String {
        "\(configuration.scheme)://\(label).\(configuration.domain.lowercased())/"
    }

    var lock: DestinationLock { DestinationLock(destination: configuration.destination) }

    func manifest() throws -> PreviewManifest {
        try PreviewManifest.decode(try configuration.destination.read(PreviewManifest.path), from: configuration.destination.description)
    }

    /// The label `branch` has, or will have, at the destination (claiming it if new).
    public func claimLabel(for branch: String) throws -> String {
        try lock.withLock {
            var manifest = try manifest()
            let before = manifest
            let label = manifest.claim(branch)
            if manifest != before { try configuration.destination.write(PreviewManifest.path, try manifest.encoded()) }
            return label
        }
    }

    /// Builds `source` and puts it live. `superseded` is asked, under the destination's lock and
    /// just before the switch, whether a newer commit has overtaken this one (given the commit
    /// that is live now); if so nothing changes.
    public func deploy(_ source: any SourceTree, branch: String, commit: GitObjectID?,
                       superseded: @Sendable (_ live: String?) -> Bool = { _ in false }) throws -> Outcome {
        if branch == configuration.productionBranch {
            guard let production = configuration.production else { return .productionWithoutTarget }
            return try publish(source, to: production, commit: commit, options: BuildOptions(), label: nil, superseded: superseded)
        }
        let label = try claimLabel(for: branch)
        let options = BuildOptions(baseURL: URL(string: url(label: label))!, noindex: true)
        return try publish(source, to: previewSlot(label), commit: commit, options: options, label: label, superseded: superseded)
    }

    private func publish(_ source: any SourceTree, to slot: ReleaseSlot, commit: GitObjectID?, options: BuildOptions, label: String?,
                         superseded: (_ live: String?) -> Bool) throws -> Outcome {
        let build = configuration.cacheDirectory.appending(path: label == nil ? "production-\(slot.name)" : slot.name)
        // A build with no earlier output has fresh times on every file; comparing contents then
        // keeps rsync from sending what the destination already has.
        let cold = !FileManager.default.fileExists(atPath: build.path)
        let report = try SiteBuilder(source: source, options: options).build(into: build, cache: configuration.cacheDirectory)

        let destination = slot.destination
        let id = try slot.stage(build, commit: commit?.hex, checksum: cold)
        let slotLock = DestinationLock(destination: destination)
        return try slotLock.withLock {
            var manifest = label == nil ? PreviewManifest() : try self.manifest()
            let live = label.flatMap { manifest.previews[$0]?.commit }
            if superseded(live) {
                slot.discard(id)
                return .superseded(live: live)
            }
            try slot.activate(id)
            if let label {
                let branch = manifest.previews[label]?.branch
                manifest.previews[label] = .init(branch: branch ?? "", commit: commit?.hex, release: id,
                                                 deployed: ISO8601DateFormatter().string(from: Date()))
                try destination.write(PreviewManifest.path, try manifest.encoded())
            }
            try slot.prune(keep: configuration.keep)
            let address = label.map(url(label:)) ?? report.baseURL.absoluteString
            return .deployed(url: address, label: label, release: id, report: report.description)
        }
    }

    /// Takes down the preview of a deleted branch and frees its label. Returns whether there was one.
    @discardableResult
    public func remove(branch: String) throws -> Bool {
        try lock.withLock {
            var manifest = try manifest()
            guard let label = manifest.label(of: branch) else { return false }
            try previewSlot(label).removeAll()
            manifest.previews[label] = nil
            try configuration.destination.write(PreviewManifest.path, try manifest.encoded())
            // The local build, its spare and its cache file go too: the label may go to another branch.
            let build = configuration.cacheDirectory.appending(path: previewSlot(label).name)
            try? FileManager.default.removeItem(at: build)
            OutputWriter(destination: build).removeLeftovers()
            SiteBuilder.removeCache(for: build, in: configuration.cacheDirectory)
            return true
        }
    }

    /// Points a branch's preview (or the production site) back at its previous release.
    public func rollBack(branch: String) throws -> (url: String, release: String) {
        if branch == configuration.productionBranch {
            guard let production = configuration.production else {
                throw DeployError("\(branch) is the production branch; name its folder with --production-to")
            }
            let release = try DestinationLock(destination: production.destination).withLock { try production.rollBack() }
            return (production.destination.description + "/" + production.name, release)
        }
        return try lock.withLock {
            var manifest = try manifest()
            guard let label = manifest.label(of: branch) else {
                throw DeployError("\(configuration.destination.description) has no preview of \(branch)")
            }
            let release = try previewSlot(label).rollBack()
            manifest.previews[label]?.release = release
            manifest.previews[label]?.commit = nil
            try configuration.destination.write(PreviewManifest.path, try manifest.encoded())
            return (url(label: label), release)
        }
    }
}

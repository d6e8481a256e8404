import Foundation
import SiteContent

/// What a destination shows, site by site, production first: what `galley previews list`
/// prints and `galley host` shows at the bare domain. Read from the manifests and one listing
/// of each destination; sizes, which need every file's inode, only when asked.
package struct PreviewListing: Sendable, Codable, Equatable {
    /// How a site's last build went.
    package enum Status: String, Sendable, Codable {
        /// The newest build is live.
        case live
        /// The newest build failed; the last good one, if any, is still up.
        case failed
        /// The build crashed or hit a limit: a watcher builds the branch again only once it
        /// moves or is retried.
        case setAside = "set aside"
        /// Nothing is up, and no build failed (a rollback removed by hand, a deploy under way).
        case notLive = "not live"
    }

    /// One kept release, reachable at its own address.
    package struct Release: Sendable, Codable, Equatable {
        package var id: String
        package var commit: String?
        package var subject: String?
        package var deployed: String?
        /// Whether it is the one the site's address shows.
        package var live: Bool
        /// Its own address, `<short>--<label>.<domain>`, for a preview release of a commit.
        package var url: String?
    }

    /// One site: a preview, or the production site.
    package struct Site: Sendable, Codable, Equatable {
        /// The preview's label; nil for the production site.
        package var label: String?
        /// Whether this is the production site (which has no label).
        package var production: Bool
        package var branch: String
        package var commit: String?
        package var subject: String?
        /// When what is on show went live, in ISO 8601.
        package var deployed: String?
        package var status: Status
        /// Whether the site's address answers (a failed build may leave the last good one up).
        package var live: Bool
        /// The first line of the last build's error, while it failed.
        package var error: String?
        /// How many warnings the build on show had.
        package var warnings = 0
        /// The commit of the build that failed, and when it did.
        package var failedCommit: String?
        package var failedAt: String?
        package var url: String?
        /// The bytes removing the site would free: files it shares with another site or with
        /// production are not counted. Nil until measured.
        package var ownBytes: Int64?
        package var releases: [Release]
        /// The name of the site's link at its destination (`<label>.<domain>`, or `current`).
        package var slotName: String
    }

    package var sites: [Site]

    package init(sites: [Site]) {
        self.sites = sites
    }

    /// The sites of the previews at `previews` and of the production folder `production`.
    /// The domain and scheme are the manifest's, which the deploys wrote; `domain` and `scheme`
    /// stand in where it has none (an older Galley's). A production folder that cannot be read
    /// is left out when `skipProduction` (told the folder and the error) says so.
    package static func read(previews: any Destination, production: (any Destination)?, domain: String? = nil,
                            scheme: String? = nil,
                            skipProduction: (any Destination, Error) -> Bool = { _, _ in false }) async throws -> PreviewListing {
        let manifest = try await PreviewManifest.read(at: previews)
        var productionSite: (entry: PreviewManifest.Entry?, live: String?)?
        if let production {
            do {
                let productionManifest = try await PreviewManifest.read(at: production)
                let live = try await ReleaseSlot.production(in: production).current()
                if productionManifest.production != nil || live != nil { productionSite = (productionManifest.production, live) }
            } catch where skipProduction(production, error) {
                productionSite = nil
            }
        }
        guard let domain = (manifest.domain ?? domain)?.lowercased() else {
            if manifest.previews.isEmpty { return PreviewListing(previews: manifest, production: productionSite, domain: "", scheme: scheme) { _ in nil } }
            throw DeployError("\(previews.description)/\(PreviewManifest.path) does not say what domain its previews are under (it was written by an older Galley); name it with --domain", aboutOptions: true)
        }
        let names = Set(try await previews.list(""))
        var live: [String: String] = [:]
        for label in manifest.previews.keys where names.contains("\(label).\(domain)") {
            live[label] = try await ReleaseSlot(destination: previews, name: "\(label).\(domain)").current()
        }
        return PreviewListing(previews: manifest, production: productionSite, domain: domain, scheme: scheme) { live[$0] }
    }

    /// The sites `manifest` lists, and the production site if given, production first and then
    /// the most recently deployed. `liveRelease` gives the release a label's link shows, if any.
    package init(previews manifest: PreviewManifest, production: (entry: PreviewManifest.Entry?, live: String?)?, domain: String,
                scheme: String? = nil, liveRelease: (String) -> String?) {
        let scheme = manifest.scheme ?? scheme ?? "https"
        var sites: [Site] = []
        if let production {
            sites.append(Self.site(label: nil, entry: production.entry, slotName: ReleaseSlot.productionName, live: production.live, domain: nil, scheme: scheme))
        }
        var previewSites: [Site] = []
        // A label that is not one (a manifest edited by hand) is left out: it names no site.
        for (label, entry) in manifest.previews where PreviewLabel.isLabel(label) {
            previewSites.append(Self.site(label: label, entry: entry, slotName: "\(label).\(domain)", live: liveRelease(label), domain: domain, scheme: scheme))
        }
        // Newest first; release names begin with the deploy's ticket, finer than a second.
        previewSites.sort { a, b in
            if a.deployed != b.deployed { return (a.deployed ?? "") > (b.deployed ?? "") }
            let newestA = a.releases.map(\.id).max() ?? "", newestB = b.releases.map(\.id).max() ?? ""
            return newestA != newestB ? newestA > newestB : (a.label ?? "") < (b.label ?? "")
        }
        self.sites = sites + previewSites
    }

    private static func site(label: String?, entry: PreviewManifest.Entry?, slotName: String, live: String?, domain: String?,
                             scheme: String) -> Site {
        let status: Status
        if let failure = entry?.failure {
            status = failure.setAside == true ? .setAside : .failed
        } else {
            status = live == nil ? .notLive : .live
        }
        // A commit deployed twice has one address, the newest of its releases' (release ids sort
        // by when they were made): the older one is listed without it.
        let ids = (entry?.releases ?? []).map(\.id)
        let addressed = Dictionary(ids.sorted().compactMap { id in ReleaseSlot.releaseAddress(id, of: slotName).map { ($0, id) } }) { _, newer in newer }
        let releases = (entry?.releases ?? []).map { release in
            let address = label == nil ? nil : ReleaseSlot.releaseAddress(release.id, of: slotName).flatMap { addressed[$0] == release.id ? $0 : nil }
            return Release(id: release.id, commit: release.commit, subject: release.subject, deployed: release.deployed, live: release.id == live,
                           url: address.map { "\(scheme)://\($0)/" })
        }
        let url = entry?.url ?? label.flatMap { label in domain.map { "\(scheme)://\(label).\($0)/" } }
        return Site(label: label, production: label == nil, branch: entry?.branch ?? "(production)", commit: entry?.commit, subject: entry?.subject,
                    deployed: entry?.deployed, status: status, live: live != nil, error: entry?.failure?.message,
                    warnings: entry?.warnings ?? 0, failedCommit: entry?.failure?.commit, failedAt: entry?.failure?.at, url: url, ownBytes: nil,
                    releases: releases, slotName: slotName)
    }

    /// Fills in every site's own size, reading the files of each site's releases. A site whose
    /// files cannot be read so (a host without GNU find) keeps no size.
    package mutating func measure(previews: any Destination, production: (any Destination)?) async {
        for index in sites.indices {
            let site = sites[index]
            let destination = site.production ? production! : previews
            let files = try? await destination.storedFiles(under: [ReleaseSlot.releasesFolder(of: site.slotName)])
            sites[index].ownBytes = files.map(StoredFile.ownBytes)
        }
    }
}

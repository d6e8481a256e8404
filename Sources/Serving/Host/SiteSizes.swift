import Blocking
import Foundation
import Previews

/// The own sizes of the sites `galley host` lists, remembered for as long as a site's releases
/// (and production's, with which previews may share files) stay the same: measuring reads every
/// file's inode, too slow to do on each visit to the index.
final class SiteSizes: Sendable {
    private let known = Locked<[String: Int64]>([:])

    /// Fills in `listing`'s sizes from the release folders under `previews` (and `production`).
    func measure(_ listing: inout PreviewListing, previews: URL, production: URL?, productionLabel: String?, domain: String) async {
        let productionReleases = listing.sites.first(where: \.production)?.releases.map(\.id).joined(separator: ",") ?? ""
        for index in listing.sites.indices {
            let site = listing.sites[index]
            let root = site.production ? (production ?? previews) : previews
            let slot = site.production && production == nil ? productionLabel.map { "\($0).\(domain)" } ?? site.slotName : site.slotName
            let key = "\(slot)|\(site.releases.map(\.id).joined(separator: ","))|\(productionReleases)"
            if let size = known.withLock({ $0[key] }) {
                listing.sites[index].ownBytes = size
                continue
            }
            let destination = LocalDestination(root: root)
            guard let files = try? await destination.storedFiles(under: [ReleaseSlot.releasesFolder(of: slot)]) else { continue }
            let size = StoredFile.ownBytes(files)
            known.withLock { $0[key] = size }
            listing.sites[index].ownBytes = size
        }
    }
}

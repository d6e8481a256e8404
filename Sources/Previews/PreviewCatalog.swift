import Foundation

/// The previews at a destination (and its production folder) as an operator manages them:
/// listed, and removed by label, branch or age. `galley previews` goes through here.
package struct PreviewCatalog: Sendable {
    /// Where the previews are.
    package var previews: any Destination
    /// The production folder, if the listing should include it (and removing it is possible).
    package var production: (any Destination)?
    /// The domain of the previews, where the manifest does not say (an older Galley wrote it).
    package var domain: String?
    /// Whether the production folder was only found in the manifest, as the deploying machine
    /// named it: one that cannot be read from here is then left out of listings, with a word.
    package var productionIsGuessed = false
    /// Told when an operation waits for a deploy that holds the lock.
    package var notify: @Sendable (String) -> Void

    package init(previews: any Destination, production: (any Destination)? = nil, domain: String? = nil,
                notify: @escaping @Sendable (String) -> Void = { _ in }) {
        self.previews = previews
        self.production = production
        self.domain = domain?.lowercased()
        self.notify = notify
    }

    /// Lets go of the destinations' shared ssh connections.
    package func disconnect() async {
        await previews.disconnect()
        await production?.disconnect()
    }

    /// What is there now; with `sizes`, each site's own size too.
    package func listing(sizes: Bool) async throws -> PreviewListing {
        // A mistyped --to would otherwise list "no previews yet", as if nothing had been deployed.
        guard try await previews.isFolder() else {
            throw DeployError("\(previews.description) is no folder: nothing was ever deployed there (check --to)", aboutOptions: true)
        }
        let notify = notify, guessed = productionIsGuessed
        var listing = try await PreviewListing.read(previews: previews, production: production, domain: domain) { folder, error in
            guard guessed else { return false }
            notify("the production folder \(folder.description), which the last deploy named, cannot be read from here, so it is left out (\(error)); name it with --production-to")
            return true
        }
        if sizes { await listing.measure(previews: previews, production: production) }
        return listing
    }

    /// Which previews to remove: every one that any of the conditions picks.
    package struct Selection: Sendable {
        package var labels: [String] = []
        package var branches: [String] = []
        /// Previews whose build on show went live longer ago than this (failed ones: whose
        /// last build failed that long ago).
        package var olderThan: TimeInterval?
        /// The branches that exist: previews of any other branch are picked. Nil to pick none so.
        package var existingBranches: Set<String>?

        package init() {}

        /// The labels of `listing`'s previews this picks, and the labels and branches asked for
        /// that name no preview.
        package func pick(from listing: PreviewListing, now: Date = Date()) -> (labels: [String], unknown: [String]) {
            let previews = listing.sites.filter { !$0.production }
            var picked: [String] = []
            for site in previews {
                guard let label = site.label else { continue }
                var chosen = labels.contains(label) || branches.contains(site.branch)
                if let olderThan, let when = site.deployed ?? site.failedAt, let date = ISO8601DateFormatter().date(from: when),
                   now.timeIntervalSince(date) > olderThan { chosen = true }
                if let existingBranches, !existingBranches.contains(site.branch) { chosen = true }
                if chosen { picked.append(label) }
            }
            let unknown = labels.filter { label in !previews.contains { $0.label == label } }
                + branches.filter { branch in !previews.contains { $0.branch == branch } }.map { "branch \($0)" }
            return (picked, unknown)
        }
    }

    /// A site taken down, and the bytes that freed (nil where the host could not say: its
    /// `find` is not GNU's).
    package struct Removed: Sendable, Equatable {
        /// The label; nil for the production site.
        package var label: String?
        package var branch: String
        package var freed: Int64?

        package init(label: String?, branch: String, freed: Int64?) {
            self.label = label
            self.branch = branch
            self.freed = freed
        }
    }

    /// Takes down the previews labelled `labels`, each with all its releases and their own
    /// addresses, under the destination's lock. A label that is gone by then is skipped, and so
    /// is one that `owners` (label to branch, as a listing showed them) says belonged to another
    /// branch: its preview went and the label passed on since. A watcher does not build a removed
    /// branch again until it moves.
    /// `each` hears of every removal as it is done, so that one that fails later leaves a record
    /// of those before it.
    package func remove(labels: [String], owners: [String: String] = [:],
                       each: @Sendable (Removed) -> Void = { _ in }) async throws -> [Removed] {
        guard !labels.isEmpty else { return [] }
        let lock = DestinationLock(destination: previews, notify: notify)
        return try await lock.withLock("removing \(labels.count == 1 ? "the preview \(labels[0])" : "\(labels.count) previews")") {
            var manifest = try await PreviewManifest.read(at: previews)
            guard let domain = manifest.domain ?? domain else {
                throw DeployError("\(previews.description)/\(PreviewManifest.path) does not say what domain its previews are under (it was written by an older Galley); name it with --domain", aboutOptions: true)
            }
            var removed: [Removed] = []
            for label in labels {
                guard let entry = manifest.previews[label], owners[label].map({ $0 == entry.branch }) ?? true else { continue }
                let slot = ReleaseSlot(destination: previews, name: "\(label).\(domain)")
                let freed = (try? await previews.storedFiles(under: [slot.releasesFolder])).map(StoredFile.ownBytes)
                try await slot.removeAll()
                manifest.previews[label] = nil
                manifest.markRemoved(entry)
                // Saved after each, so that an interrupted removal never lists a preview that is gone.
                try await manifest.save(to: previews)
                removed.append(Removed(label: label, branch: entry.branch, freed: freed))
                each(removed[removed.count - 1])
            }
            return removed
        }
    }

    /// Takes down the production site: its link, which the web server serves, and every release.
    package func removeProduction() async throws -> Removed? {
        guard let production else { throw DeployError("name the production folder with --production-to to remove the production site", aboutOptions: true) }
        let slot = ReleaseSlot.production(in: production)
        try await PreviewDeployer.checkProductionFolder(production)
        return try await DestinationLock(destination: production, notify: notify).withLock("removing the production site") {
            var manifest = try await PreviewManifest.read(at: production)
            let live = try await slot.current()
            guard manifest.production != nil || live != nil else { return nil }
            let freed = (try? await production.storedFiles(under: [slot.releasesFolder])).map(StoredFile.ownBytes)
            try await slot.removeAll()
            let branch = manifest.production?.branch ?? "(production)"
            // A watcher leaves production down until its branch moves, as for a preview.
            if let entry = manifest.production { manifest.markRemoved(entry) }
            manifest.production = nil
            try await manifest.save(to: production)
            return Removed(label: nil, branch: branch, freed: freed)
        }
    }
}

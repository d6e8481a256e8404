import Foundation

/// The record, kept at a destination, of which branch owns which preview label, what each site
/// shows, and the last deploy ticket handed out there (see ``DeployOrder``). A production folder
/// keeps one too, with its one site under `production`.
///
/// The first branch to want a label keeps it; a later branch whose label is taken gets the
/// label with a hash added, and keeps that one for as long as it exists.
package struct PreviewManifest: Codable, Sendable, Equatable {
    /// Where the manifest lives, relative to the destination.
    package static let path = ".galley/previews.json"

    /// One preview.
    package struct Entry: Codable, Sendable, Equatable {
        package var branch: String
        /// The commit now on show, once a deploy has finished.
        package var commit: String?
        /// The release folder now on show.
        package var release: String?
        /// When it went live, in ISO 8601.
        package var deployed: String?
        /// Where the deploy now on show stands among the site's deploys.
        package var order: DeployOrder?
        /// The first line of the message of the commit on show, for listings.
        package var subject: String?
        /// The last build that failed, while it is newer than what is on show.
        package var failure: Failure?
        /// The address the site is served at, as its last deploy gave it.
        package var url: String?
        /// The releases kept for rollback, oldest first: what each shows, for listings and for
        /// the per-release addresses.
        package var releases: [Release]?
        /// How many warnings the build on show had; nil for none.
        package var warnings: Int?

        package init(branch: String) {
            self.branch = branch
        }

        /// Records that the kept release `id` is on show again (a rollback): its commit and
        /// subject where the manifest knows them.
        mutating func show(_ id: String) {
            let known = releases?.first { $0.id == id }
            release = id
            commit = known?.commit
            subject = known?.subject
            warnings = known?.warnings
            deployed = ISO8601DateFormatter().string(from: Date())
        }
    }

    /// One kept release of a site.
    package struct Release: Codable, Sendable, Equatable {
        /// The release folder's name.
        package var id: String
        package var commit: String?
        package var subject: String?
        /// When it went live, in ISO 8601.
        package var deployed: String?
        /// How many warnings its build had; nil for none.
        package var warnings: Int?

        package init(id: String, commit: String?, subject: String?, deployed: String?, warnings: Int? = nil) {
            self.id = id
            self.commit = commit
            self.subject = subject
            self.deployed = deployed
            self.warnings = warnings
        }
    }

    /// A build that failed: the commit, the first line of the error, and when.
    package struct Failure: Codable, Sendable, Equatable {
        package var commit: String?
        package var message: String
        /// In ISO 8601.
        package var at: String
        /// Whether the build crashed or hit a limit, so that a watcher set the branch aside.
        package var setAside: Bool?

        package init(commit: String?, message: String, at: String = ISO8601DateFormatter().string(from: Date())) {
            self.commit = commit
            self.message = message
            self.at = at
        }
    }

    package var version = 1
    /// Entries by label.
    package var previews: [String: Entry] = [:]
    /// The production site, in the manifest of a production folder.
    package var production: Entry?
    /// The last deploy ticket handed out at this destination.
    package var sequence: String?
    /// The domain and scheme previews here are served under, as the last deploy gave them, so
    /// that listings can give addresses without being told.
    package var domain: String?
    package var scheme: String?
    /// Where the production site of these previews is published, as the deploys named it.
    package var productionTo: String?
    /// Branches whose previews were removed by hand, with the commit they were at: a watcher
    /// builds them again only once they move.
    package var removed: [String: String]?

    /// Hands out the next deploy ticket.
    mutating func nextTicket() -> String {
        let ticket = DeployOrder.ticket(after: sequence)
        sequence = ticket
        return ticket
    }

    package init() {}

    /// The label `branch` owns, if any.
    package func label(of branch: String) -> String? {
        previews.first { $0.value.branch == branch }?.key
    }

    /// The label of `branch`, claiming one if it has none yet.
    package mutating func claim(_ branch: String) -> String {
        if let label = label(of: branch) { return label }
        var label = PreviewLabel.make(for: branch)
        if previews[label] != nil { label = PreviewLabel.disambiguated(label, for: branch) }
        previews[label] = Entry(branch: branch)
        removed?[branch] = nil
        return label
    }

    /// Reads a manifest; a missing one is empty.
    package static func decode(_ data: Data?, from description: String) throws -> PreviewManifest {
        guard let data else { return PreviewManifest() }
        do {
            var manifest = try JSONDecoder().decode(PreviewManifest.self, from: data)
            // Labels and the domain become paths at the destination: one edited by hand into
            // something else (`../x`) names no site, and is left out rather than followed.
            manifest.previews = manifest.previews.filter { PreviewLabel.isLabel($0.key) }
            if let domain = manifest.domain, (try? PreviewDeployer.checkDomain(domain)) == nil { manifest.domain = nil }
            return manifest
        } catch {
            throw DeployError("\(description)/\(path) is damaged (\(DecodingProblem.describe(error))); fix or remove it (previews keep running)")
        }
    }

    /// The manifest kept at `destination`; a missing one is empty.
    package static func read(at destination: any Destination) async throws -> PreviewManifest {
        try decode(try await destination.read(path), from: destination.description)
    }

    /// Writes this manifest to `destination`, in one step.
    func save(to destination: any Destination) async throws {
        try await destination.write(Self.path, try encoded())
    }

    /// Notes that `entry`'s site was taken down on purpose, so that no watcher builds its branch
    /// again before it moves. The commit, where known, is for people reading the manifest.
    mutating func markRemoved(_ entry: Entry) {
        removed = (removed ?? [:]).merging([entry.branch: entry.commit ?? entry.failure?.commit ?? ""]) { $1 }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

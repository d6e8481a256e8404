import Foundation

/// One published site at a destination: the link `NAME` that a web server serves, pointing into
/// `.galley/releases/NAME/`, which holds the last few releases.
///
/// A new release is copied in beside the live one, with unchanged files hard-linked from it, and
/// then the link is swapped in one rename: readers see the old site or the new one, never a mix.
public struct ReleaseSlot: Sendable {
    public let destination: any Destination
    /// The name of the link, such as `post-hello.previews.example.com`.
    public let name: String

    public init(destination: any Destination, name: String) {
        self.destination = destination
        self.name = name
    }

    var releasesFolder: String { ".galley/releases/\(name)" }

    /// The name of the production site's link in its folder.
    public static let productionName = "current"

    /// The production site in `folder`: the web server serves `folder/current`, a link to the
    /// live release, and Galley keeps its releases, manifest and lock in `folder/.galley`. The
    /// folder may be empty or new; Galley never writes to the folder above it.
    public static func production(in folder: any Destination) -> ReleaseSlot {
        ReleaseSlot(destination: folder, name: productionName)
    }

    /// The release now live, if any.
    public func current() async throws -> String? {
        guard let target = try await destination.linkTarget(name) else { return nil }
        return target.split(separator: "/").last.map(String.init)
    }

    /// Finished releases, oldest first.
    public func releases() async throws -> [String] {
        try await destination.list(releasesFolder).filter { !$0.hasSuffix(".partial") && !$0.hasPrefix(".") }.sorted()
    }

    /// The name of the release a deploy with `ticket` makes: tickets grow, so names sort in the
    /// order deploys began.
    static func releaseID(ticket: String, commit: String?) -> String {
        "\(ticket)-\(commit.map { String($0.prefix(7)) } ?? "local")"
    }

    /// What deploys that died on the way leave behind: releases still being copied in, and the
    /// links made to be renamed over a live one. Under the destination's lock none of them is in
    /// use (a release is only copied in under it), so they are removed before each deploy.
    static let leftovers = [".galley/releases/*/*.partial", ".*.link-*", ".galley/*.tmp-*"]

    /// Copies a built site into the new, not yet live release `id`.
    func stage(_ folder: URL, id: String, checksum: Bool) async throws {
        let partial = "\(releasesFolder)/\(id).partial"
        let live = try await current()
        do {
            try await destination.transfer(folder, to: partial, linkDest: live.map { "../\($0)" }, checksum: checksum)
        } catch {
            try? await destination.remove(partial)
            throw error
        }
    }

    /// Makes a staged release live.
    func activate(_ id: String) async throws {
        try await destination.rename("\(releasesFolder)/\(id).partial", to: "\(releasesFolder)/\(id)")
        try await destination.link(name, to: "\(releasesFolder)/\(id)")
    }

    /// Throws a staged release away.
    func discard(_ id: String) async {
        try? await destination.remove("\(releasesFolder)/\(id).partial")
    }

    /// Removes all but the newest `keep` releases, never the live one.
    func prune(keep: Int) async throws {
        let live = try await current()
        let all = try await releases()
        for old in all.dropLast(max(keep, 1)) where old != live {
            try await destination.remove("\(releasesFolder)/\(old)")
        }
    }

    /// Points the link back at the release before the live one; returns its name.
    public func rollBack() async throws -> String {
        let all = try await releases()
        guard let live = try await current(), let index = all.firstIndex(of: live) else {
            throw DeployError("\(destination.description)/\(name) has no live release to roll back from")
        }
        guard index > 0 else {
            throw DeployError("\(destination.description)/\(name): no earlier release is kept (releases: \(all.joined(separator: ", ")))")
        }
        let previous = all[index - 1]
        try await destination.link(name, to: "\(releasesFolder)/\(previous)")
        return previous
    }

    /// Removes the link and every release.
    func removeAll() async throws {
        if try await destination.linkTarget(name) != nil { try await destination.remove(name) }
        try await destination.remove(releasesFolder)
    }
}

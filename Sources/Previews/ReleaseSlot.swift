import Foundation

/// One published site at a destination: the link `NAME` that a web server serves, pointing into
/// `.galley/releases/NAME/`, which holds the last few releases.
///
/// A new release is copied in beside the live one, with unchanged files hard-linked from it, and
/// then the link is swapped in one rename: readers see the old site or the new one, never a mix.
package struct ReleaseSlot: Sendable {
    package let destination: any Destination
    /// The name of the link, such as `post-hello.previews.example.com`.
    package let name: String

    package init(destination: any Destination, name: String) {
        self.destination = destination
        self.name = name
    }

    var releasesFolder: String { Self.releasesFolder(of: name) }

    /// Where the releases of the site whose link is `name` are kept, relative to its destination.
    package static func releasesFolder(of name: String) -> String { ".galley/releases/\(name)" }

    /// The name of the production site's link in its folder.
    package static let productionName = "current"

    /// The production site in `folder`: the web server serves `folder/current`, a link to the
    /// live release, and Galley keeps its releases, manifest and lock in `folder/.galley`. The
    /// folder may be empty or new; Galley never writes to the folder above it.
    package static func production(in folder: any Destination) -> ReleaseSlot {
        ReleaseSlot(destination: folder, name: productionName)
    }

    /// The release now live, if any.
    package func current() async throws -> String? {
        guard let target = try await destination.linkTarget(name) else { return nil }
        return target.split(separator: "/").last.map(String.init)
    }

    /// Finished releases, oldest first.
    package func releases() async throws -> [String] {
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

    /// Copies a built site into the new, not yet live release `id`. Files identical to the live
    /// release's are hard-linked from it, and failing that from the releases `alsoLinking`
    /// (absolute paths, or relative to the destination): production's, another preview's.
    func stage(_ folder: URL, id: String, checksum: Bool, alsoLinking: [String] = []) async throws {
        let partial = "\(releasesFolder)/\(id).partial"
        let live = try await current()
        // A relative link-dest is read from the folder written, four below the destination, as
        // rsync reads it and the local copy too.
        let others = alsoLinking.map { $0.hasPrefix("/") ? $0 : "../../../../\($0)" }
        do {
            try await destination.transfer(folder, to: partial, linkDests: (live.map { ["../\($0)"] } ?? []) + others, checksum: checksum)
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

    /// Removes all but the newest `keep` releases, never the live one, with their own
    /// addresses; returns the releases kept.
    @discardableResult
    func prune(keep: Int) async throws -> [String] {
        let live = try await current()
        let all = try await releases()
        let kept = Self.kept(all, live: live, keep: keep)
        try await syncReleaseAddresses(kept: kept)
        for old in all where !kept.contains(old) {
            try await destination.remove("\(releasesFolder)/\(old)")
        }
        return kept
    }

    /// Points the link back at the release before the live one (or, going `forward`, at the
    /// one after it, undoing a rollback); returns its name.
    package func rollBack(forward: Bool = false) async throws -> String {
        let all = try await releases()
        guard let live = try await current(), let index = all.firstIndex(of: live) else {
            throw DeployError("\(destination.description)/\(name) has no live release to roll back from", aboutOptions: true)
        }
        let next = forward ? index + 1 : index - 1
        guard all.indices.contains(next) else {
            let which = forward ? "the live release is the newest" : "no earlier release is kept"
            throw DeployError("\(destination.description)/\(name): \(which) (releases: \(all.joined(separator: ", ")), live: \(live))", aboutOptions: true)
        }
        try await destination.link(name, to: "\(releasesFolder)/\(all[next])")
        return all[next]
    }

    /// The releases `prune(keep:)` leaves, of `all` with `live` on show.
    static func kept(_ all: [String], live: String?, keep: Int) -> [String] {
        let dropped = Set(all.dropLast(max(keep, 1)))
        return all.filter { !dropped.contains($0) || $0 == live }
    }

    /// Removes the link, every release and their own addresses. The link goes first, so that
    /// readers stop seeing the site in one step.
    func removeAll() async throws {
        if try await destination.linkTarget(name) != nil { try await destination.remove(name) }
        try await syncReleaseAddresses(kept: [])
        try await destination.remove(releasesFolder)
    }

    /// The name of the link by which release `id` is reachable on its own,
    /// `<short commit>--<label>.<domain>`: nil for a release of no commit, or for a site that is
    /// not a preview. DNS allows 63 characters a label, so a long label is shortened.
    func releaseAddress(_ id: String) -> String? { Self.releaseAddress(id, of: name) }

    /// The same for the site whose link is `name`.
    static func releaseAddress(_ id: String, of name: String) -> String? {
        guard let suffix = releaseAddressSuffix(of: name), let dash = id.lastIndex(of: "-") else { return nil }
        let short = id[id.index(after: dash)...]
        guard short.count == 7, short.allSatisfy(\.isHexDigit) else { return nil }
        return short + suffix
    }

    /// What every release address of the site `name` ends with: `--<label>.<domain>`. A label
    /// too long to fit beside the commit keeps its first 49 characters and 4 hex digits of its
    /// hash, so that two long labels that begin alike get addresses of their own.
    private static func releaseAddressSuffix(of name: String) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let whole = String(name[..<dot])
        var label = whole
        if label.count > PreviewLabel.maximumLength - 9 {
            label = String(whole.prefix(PreviewLabel.maximumLength - 14))
            while label.hasSuffix("-") { label.removeLast() }
            label += "-" + PreviewLabel.hash(whole, length: 4)
        }
        return "--\(label)\(name[dot...])"
    }

    /// Makes the destination's per-release links match `kept`: one for each kept release with a
    /// commit (the newest release of a commit deployed twice), none for releases gone. A link
    /// some other site already holds is left to it.
    func syncReleaseAddresses(kept: [String]) async throws {
        guard let suffix = Self.releaseAddressSuffix(of: name) else { return }
        var wanted: [String: String] = [:]
        for id in kept.sorted() { if let address = releaseAddress(id) { wanted[address] = "\(releasesFolder)/\(id)" } }
        let mine = "\(releasesFolder)/"
        for existing in try await destination.list("") where existing.hasSuffix(suffix) {
            guard let target = try? await destination.linkTarget(existing), target.hasPrefix(mine) else { continue }
            if wanted[existing] == target { wanted[existing] = nil } else if wanted[existing] == nil { try await destination.remove(existing) }
        }
        for (address, target) in wanted.sorted(by: { $0.key < $1.key }) {
            if let holder = try? await destination.linkTarget(address), !holder.hasPrefix(mine) { continue }
            try await destination.link(address, to: target)
        }
    }
}

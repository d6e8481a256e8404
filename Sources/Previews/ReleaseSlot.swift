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

    /// The release now live, if any.
    public func current() throws -> String? {
        guard let target = try destination.linkTarget(name) else { return nil }
        return target.split(separator: "/").last.map(String.init)
    }

    /// Finished releases, oldest first.
    public func releases() throws -> [String] {
        try destination.list(releasesFolder).filter { !$0.hasSuffix(".partial") && !$0.hasPrefix(".") }.sorted()
    }

    /// A name for a new release that sorts after every earlier one.
    static func newReleaseID(commit: String?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: Date())
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02d.%03dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
                           parts.second!, parts.nanosecond! / 1_000_000)
        return "\(stamp)-\(commit.map { String($0.prefix(7)) } ?? "local")-\(String(format: "%04x", UInt16.random(in: 0...UInt16.max)))"
    }

    /// Copies a built site into a new, not yet live release; returns its name.
    func stage(_ folder: URL, commit: String?, checksum: Bool) throws -> String {
        let id = Self.newReleaseID(commit: commit)
        let partial = "\(releasesFolder)/\(id).partial"
        let live = try current()
        do {
            try destination.transfer(folder, to: partial, linkDest: live.map { "../\($0)" }, checksum: checksum)
        } catch {
            try? destination.remove(partial)
            throw error
        }
        return id
    }

    /// Makes a staged release live.
    func activate(_ id: String) throws {
        try destination.rename("\(releasesFolder)/\(id).partial", to: "\(releasesFolder)/\(id)")
        try destination.link(name, to: "\(releasesFolder)/\(id)")
    }

    /// Throws a staged release away.
    func discard(_ id: String) {
        try? destination.remove("\(releasesFolder)/\(id).partial")
    }

    /// Removes all but the newest `keep` releases, never the live one.
    func prune(keep: Int) throws {
        let live = try current()
        let all = try releases()
        for old in all.dropLast(max(keep, 1)) where old != live {
            try destination.remove("\(releasesFolder)/\(old)")
        }
    }

    /// Points the link back at the release before the live one; returns its name.
    public func rollBack() throws -> String {
        let all = try releases()
        guard let live = try current(), let index = all.firstIndex(of: live) else {
            throw DeployError("\(destination.description)/\(name) has no live release to roll back from")
        }
        guard index > 0 else {
            throw DeployError("\(destination.description)/\(name): no earlier release is kept (releases: \(all.joined(separator: ", ")))")
        }
        let previous = all[index - 1]
        try destination.link(name, to: "\(releasesFolder)/\(previous)")
        return previous
    }

    /// Removes the link and every release.
    func removeAll() throws {
        if try destination.linkTarget(name) != nil { try destination.remove(name) }
        try destination.remove(releasesFolder)
    }
}

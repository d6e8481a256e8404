import Blocking
import FileSystem
import Foundation

extension PreviewDeployer {
    /// Live releases a new preview release can hard-link its unchanged files from, besides its
    /// own live one: production's, and the most recently deployed other preview's. A preview
    /// built with its own address shares its images, styles and any page that does not name the
    /// address with them, so that a new preview of a photo blog does not copy every photo. Only
    /// releases on the same machine and file system count; `previews` is the previews' manifest.
    ///
    /// Production's own deploys link to nothing but its live release: a preview's release could
    /// be pruned or removed under the previews' lock, which a production deploy does not hold.
    /// Production's live release, for its part, goes only with `previews remove --production`.
    func sharedReleases(for claim: Claim, previews manifest: PreviewManifest) async -> [String] {
        guard let label = claim.label else { return [] }
        let destination = claim.slot.destination
        var shared: [String] = []
        if let production = configuration.production, let live = try? await production.current(),
           let path = await destination.sharedPath(of: "\(production.releasesFolder)/\(live)", in: production.destination) {
            shared.append(path)
        }
        let newest = manifest.previews.filter { $0.key != label && $0.value.release != nil }
            .max { ($0.value.deployed ?? "", $0.key) < ($1.value.deployed ?? "", $1.key) }
        if let (other, entry) = newest, let release = entry.release {
            shared.append("\(previewSlot(other).releasesFolder)/\(release)")
        }
        return shared
    }
}

extension PreviewDeployer {
    /// Starts a new preview's build folder as hard links to production's last build, so that the
    /// files the preview does not change keep production's bytes, inode and time: they then cost
    /// nothing beside the repository, and the release links them to production's release at the
    /// destination. The build replaces what differs (it never writes into a file in place). False
    /// when there is no finished production build to start from.
    func seed(_ build: URL, from production: URL) async -> Bool {
        guard FileManager.default.fileExists(atPath: production.appending(path: ".galley-build").path) else { return false }
        return await BlockingPool.shared.run {
            let partial = build.deletingLastPathComponent().appending(path: ".\(build.lastPathComponent).seeding")
            try? FileManager.default.removeItem(at: partial)
            do {
                try Self.linkTree(production, to: partial)
                try FileManager.default.moveItem(at: partial, to: build)
                return true
            } catch {
                try? FileManager.default.removeItem(at: partial)
                return false
            }
        }
    }

    /// Copies the folder `source` to `target` as new folders and hard links to its files.
    static func linkTree(_ source: URL, to target: URL) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        guard let walk = FileManager.default.enumerator(atPath: source.path) else { return }
        while let path = walk.nextObject() as? String {
            var info = stat()
            let from = source.path + "/" + path, to = target.path + "/" + path
            guard lstat(from, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard mkdir(to, 0o755) == 0 else { throw DeployError("cannot create \(to): \(FileSystemError.explain(errno))") }
            case S_IFREG:
                guard link(from, to) == 0 else { throw DeployError("cannot link \(to): \(FileSystemError.explain(errno))") }
            default:
                continue  // a build makes no links or devices; none is carried over
            }
        }
    }
}

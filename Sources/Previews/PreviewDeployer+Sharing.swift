import Blocking
import FileSystem
import Foundation
import SiteCompiler

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
    /// Production's last build, for a new preview's build to share: the files the preview does
    /// not change become hard links to production's, keeping its bytes, inode and time, so that
    /// they cost nothing beside the repository and the release links them to production's
    /// release at the destination. Nil for production itself, for a preview built before (its
    /// own last build is what it keeps), and when production has no finished build.
    func sharedBuild(for claim: Claim, into build: URL) -> URL? {
        guard claim.label != nil, !FileManager.default.fileExists(atPath: build.path), hasProductionBuild else { return nil }
        return productionBuild
    }

    /// Whether the build in `build` shares `reference`'s files: every build holds the same
    /// marker file at its top, which is one file under both names when sharing took place.
    static func shares(_ build: URL, with reference: URL) -> Bool {
        var ours = stat(), theirs = stat()
        return lstat(build.appending(path: OutputWriter.marker).path, &ours) == 0
            && lstat(reference.appending(path: OutputWriter.marker).path, &theirs) == 0
            && ours.st_ino == theirs.st_ino && ours.st_dev == theirs.st_dev
    }

    /// Where production's build is kept, beside the repository.
    var productionBuild: URL { configuration.cacheDirectory.appending(path: "production") }

    /// Whether production has a finished build for new previews to share.
    package var hasProductionBuild: Bool {
        FileManager.default.fileExists(atPath: productionBuild.appending(path: OutputWriter.marker).path)
    }
}

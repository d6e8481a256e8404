import Blocking
import Foundation
import GitSource

extension PreviewDeployer {
    /// The digests of the build in `build`, made with `baseURL`; files unchanged since the
    /// build's last digests (kept beside it) are not read again.
    func digests(of build: URL, baseURL: String) async -> OutputDigests {
        let file = Self.digestsFile(of: build)
        let stop = Locked(false)
        return await withTaskCancellationHandler {
            await BlockingPool.shared.run {
                let previous = OutputDigests.decode(FileManager.default.contents(atPath: file.path))
                let digests = OutputDigests.measure(build, baseURL: baseURL, previous: previous) { stop.withLock { $0 } }
                // Digests cut short are not kept for the next deploy to trust.
                if !stop.withLock({ $0 }) { try? digests.encoded().write(to: file, options: .atomic) }
                return digests
            }
        } onCancel: {
            stop.withLock { $0 = true }
        }
    }

    /// `duration` in whole milliseconds, for reports.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Where a build's last digests are kept: beside it, in the cache folder.
    static func digestsFile(of build: URL) -> URL {
        build.deletingLastPathComponent().appending(path: build.lastPathComponent + ".digests")
    }

    /// The changes page of a preview whose build has `digests`: against the production site's
    /// live release, as its digests at the production folder say.
    func changesPage(branch: String, commit: GitObjectID?, subject: String?, digests: OutputDigests, build: DeployReport) async -> ChangesPage {
        func page(_ changes: Result<SiteChanges, ChangesPage.Unavailable>, url: String? = nil) -> ChangesPage {
            var page = ChangesPage(branch: branch, commit: commit?.hex, subject: subject, changes: changes, productionURL: url)
            page.warnings = build.warnings
            page.warningCount = build.warningCount
            return page
        }
        guard let production = configuration.production else {
            return page(.failure(.init(reason: "Galley does not know where production is published, so there is nothing to compare with: give the deploys of previews --production-to as well.")))
        }
        let destination = production.destination
        do {
            let manifest = try await PreviewManifest.read(at: destination)
            guard let entry = manifest.production, let release = entry.release else {
                return page(.failure(.init(reason: "The production site has not been published yet, so there is nothing to compare with.")))
            }
            guard let theirs = OutputDigests.decode(try await destination.read(OutputDigests.path(ofRelease: release))) else {
                return page(.failure(.init(reason: "The production release on show (\(release)) was published by an older Galley, which kept no digests; this page lists changes once production is next deployed.")), url: entry.url)
            }
            return page(.success(SiteChanges(from: theirs, to: digests)), url: entry.url)
        } catch {
            return page(.failure(.init(reason: "The production site could not be read to compare with: \(error)")))
        }
    }

    /// Keeps production's digests for the releases it keeps, and no others.
    func pruneDigests(at destination: any Destination, keeping kept: [String]) async throws {
        for name in try await destination.list(".galley/digests") {
            let release = name.hasSuffix(".digests") ? String(name.dropLast(".digests".count)) : name
            if !kept.contains(release) { try await destination.remove(".galley/digests/\(name)") }
        }
    }
}

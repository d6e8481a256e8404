import ArgumentParser
import Foundation
import GitSource
import Previews

extension Galley.PreviewsCommand {
    /// `galley previews remove LABEL… [--branch NAME] [--older-than 30d] [--gone --repo REPO] [--production]`
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Take previews down, with all their releases, and say what that freed.",
            discussion: """
                Each preview goes in one step (its address stops answering first) under the destination's lock, \
                so a deploy running at the same time waits. A watcher does not build a removed branch again until \
                it is pushed to (or `galley previews retry` is run). The production site is removed only with \
                --production.
                """
        )

        @Argument(help: "The labels of the previews to remove (as `galley previews list` shows them).")
        var labels: [String] = []

        @Option(help: ArgumentHelp("Remove the preview of this branch (repeatable).", valueName: "NAME"))
        var branch: [String] = []

        @Option(name: .customLong("older-than"), help: ArgumentHelp("Remove previews that went live longer ago than this: 30d, 2w, 12h.", valueName: "AGE"))
        var olderThan: String?

        @Flag(help: "Remove the previews of branches that no longer exist in --repo.")
        var gone = false

        @Option(help: ArgumentHelp("The repository whose branches --gone compares with; its watcher's builds of removed previews go too.", valueName: "REPO"))
        var repo: String?

        @Option(help: ArgumentHelp("With --gone, the remote whose branches count (as the watcher's --remote).", valueName: "NAME"))
        var remote: String?

        @Flag(help: "Remove the production site too (it is never removed otherwise).")
        var production = false

        @Flag(name: .customLong("dry-run"), help: "Say what would be removed, and remove nothing.")
        var dryRun = false

        @OptionGroup var target: PreviewsTarget

        func validate() throws {
            if gone && repo == nil { throw ValidationError("--gone needs --repo: the repository whose branches still exist") }
            if let olderThan, Interval.seconds(olderThan).map({ $0 > 0 }) != true {
                throw ValidationError("--older-than '\(olderThan)' is not an age such as 30d, 2w or 12h")
            }
            if labels.isEmpty && branch.isEmpty && olderThan == nil && !gone && !production {
                throw ValidationError("say which previews to remove: LABEL…, --branch NAME, --older-than AGE, --gone or --production")
            }
        }

        func run() async throws {
            let catalog = try await target.catalog()
            var selection = PreviewCatalog.Selection()
            selection.labels = labels
            selection.branches = branch
            selection.olderThan = olderThan.flatMap(Interval.seconds)
            if gone, let repo { selection.existingBranches = try Self.branches(in: repo, remote: remote) }
            let removed: [PreviewCatalog.Removed]
            do {
                removed = try await Galley.PreviewsCommand.reporting { try await remove(selection, from: catalog) }
                await catalog.disconnect()
            } catch {
                await catalog.disconnect()
                throw error
            }
            let total = removed.reduce(Int64(0)) { $0 + ($1.freed ?? 0) }
            if removed.count > 1, !removed.contains(where: { $0.freed == nil }) { Console.error("galley: \(dryRun ? "would free" : "freed") \(total.readableBytes) in all") }
        }

        private func remove(_ selection: PreviewCatalog.Selection, from catalog: PreviewCatalog) async throws -> [PreviewCatalog.Removed] {
            let listing = try await catalog.listing(sizes: dryRun)
            let (picked, unknown) = selection.pick(from: listing)
            guard unknown.isEmpty else {
                let known = listing.sites.compactMap(\.label)
                // The production site is no preview: its branch asked for by name gets the way to it.
                let production = listing.sites.first { $0.label == nil }?.branch
                let hint = production.map { unknown.contains("branch \($0)") ? "; \($0) is the production site's branch: --production removes it" : "" } ?? ""
                throw DeployError("\(catalog.previews.description) has no preview \(unknown.joined(separator: ", ")); nothing was removed (previews: \(known.isEmpty ? "none" : known.joined(separator: ", ")))\(hint)",
                                  aboutOptions: true)
            }
            if picked.isEmpty && !production { Console.error("galley: no preview matches; nothing was removed") }
            var removed: [PreviewCatalog.Removed] = []
            let say: @Sendable (PreviewCatalog.Removed) -> Void = { [dryRun] site in
                let freed = site.freed?.readableBytes ?? "an unknown amount (the host has no GNU find)"
                Console.error("galley: \(dryRun ? "would remove" : "removed") \(site.label ?? "the production site") (\(site.branch)), \(dryRun ? "freeing" : "freed") \(freed)")
            }
            if dryRun {
                for site in listing.sites where site.label.map(picked.contains) ?? production {
                    removed.append(.init(label: site.label, branch: site.branch, freed: site.ownBytes))
                    say(removed[removed.count - 1])
                }
            } else {
                if production, let site = try await catalog.removeProduction() {
                    removed.append(site)
                    say(site)
                }
                let owners = Dictionary(listing.sites.compactMap { site in site.label.map { ($0, site.branch) } }) { first, _ in first }
                removed += try await catalog.remove(labels: picked, owners: owners, each: say)
                if let repo { await Self.forgetBuilds(of: removed, repository: repo, domain: listing) }
            }
            return removed
        }

        /// The branches of `repository`: its own, or `remote`'s.
        static func branches(in repository: String, remote: String?) throws -> Set<String> {
            let names: Set<String>
            do {
                names = Set(try GitRepository(at: repository).branches(remote: remote).map(\.name))
            } catch {
                // A path that is no repository is a path that cannot be used, as for `watch`: 4.
                Console.report("--repo \(repository): \(error)")
                throw ExitCode.fileOrPort
            }
            // An empty list is a mistake (a wrong --remote, a repository never fetched), never a
            // reason to take every preview down.
            guard !names.isEmpty else {
                throw ValidationError("--repo \(repository) has no branches\(remote.map { " from the remote '\($0)'" } ?? ""); nothing was removed (with a watcher that fetches, give its --remote)")
            }
            return names
        }

        /// Removes the watcher's local builds of removed previews, which a branch that later gets
        /// the label would otherwise start from.
        static func forgetBuilds(of removed: [PreviewCatalog.Removed], repository: String, domain listing: PreviewListing) async {
            guard let home = try? await BranchWatcher.defaultStateFile(forRepositoryAt: repository).deletingLastPathComponent() else { return }
            for site in removed {
                guard let name = listing.sites.first(where: { $0.label == site.label })?.slotName else { continue }
                let build = site.label == nil ? "production" : name
                BranchWatcher.forgetBuild(in: home.appending(path: "builds"), name: build)
            }
        }
    }
}

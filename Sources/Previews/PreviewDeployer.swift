import Blocking
import FileSystem
import Foundation
import GitSource
import SiteCompiler
import SiteContent
import SiteSource

/// Builds a branch of a blog and puts it live: a preview at `<label>.<domain>` for every branch,
/// or the real site for the production branch. `galley deploy` and `galley watch` both go
/// through here.
package struct PreviewDeployer: Sendable {
    /// Where and how previews are published.
    package struct Configuration: Sendable {
        /// Where previews go: each at `<destination>/<label>.<domain>`.
        package var destination: any Destination
        /// The domain previews are served under, such as `previews.example.com`.
        package var domain: String
        /// `https` or `http`, for the previews' base URL.
        package var scheme: String
        /// The branch that publishes the real site.
        package var productionBranch: String
        /// Where the production branch is published (see ``ReleaseSlot/production(in:)``).
        package var production: ReleaseSlot?
        /// How many releases each preview keeps for `galley rollback`.
        package var keep: Int
        /// Where builds are kept between deploys, so that unchanged files keep their times.
        package var cacheDirectory: URL
        /// Told when a deploy waits for another, and who that is.
        package var notify: @Sendable (String) -> Void
        /// Where set, builds of commits run in child processes within these limits (the
        /// watcher's way); otherwise in this process (`galley deploy`'s).
        package var childBuilds: CommitBuild.Child?
        /// Where set, each deploy sets a commit status on the forge (see ``StatusReporter``).
        package var status: StatusReporter?
        /// Gives each build its highlighter, emoji names and typesetter: the command line chooses
        /// them, so that previews depend on no helper program of their own.
        package var equip: @Sendable (inout BuildOptions) -> Void = { _ in }

        package init(destination: any Destination, domain: String, scheme: String = "https", productionBranch: String = "main",
                    production: ReleaseSlot? = nil, keep: Int = 3, cacheDirectory: URL,
                    notify: @escaping @Sendable (String) -> Void = { _ in }) {
            self.destination = destination
            self.domain = domain
            self.scheme = scheme
            self.productionBranch = productionBranch
            self.production = production
            self.keep = keep
            self.cacheDirectory = cacheDirectory
            self.notify = notify
        }

        /// Where and as what the branches are published, in words: a watcher keeps what it
        /// deployed apart for each target, so a new one starts afresh.
        package var target: String {
            let production = production.map { "\($0.destination.description)/\($0.name)" } ?? "nowhere"
            return "\(scheme)://*.\(domain.lowercased())/ at \(destination.description), \(productionBranch) at \(production)"
        }
    }

    /// What a deploy did.
    package enum Outcome: Sendable, Equatable {
        /// The site is live at `url`.
        case deployed(url: String, label: String?, release: String, report: DeployReport)
        /// The build was not put live, and why.
        case superseded(Supersession)
        /// The production branch, with nowhere to publish it configured.
        case productionWithoutTarget
    }

    /// A deploy that has begun: the site it is for and its place among the deploys there.
    struct Claim {
        var branch: String
        /// The preview's label; nil for the production site.
        var label: String?
        var slot: ReleaseSlot
        var order: DeployOrder
    }

    package let configuration: Configuration

    package init(_ configuration: Configuration) throws {
        try Self.checkDomain(configuration.domain)
        guard configuration.scheme == "https" || configuration.scheme == "http" else {
            throw DeployError("the scheme must be https or http, not '\(configuration.scheme)'", aboutOptions: true)
        }
        self.configuration = configuration
    }

    package static func checkDomain(_ domain: String) throws {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !domain.isEmpty && domain.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        guard valid else { throw DeployError("'\(domain)' is not a domain name such as previews.example.com", aboutOptions: true) }
    }

    /// The slot a preview label lives in.
    func previewSlot(_ label: String) -> ReleaseSlot {
        ReleaseSlot(destination: configuration.destination, name: "\(label).\(configuration.domain.lowercased())")
    }

    /// The address of a preview.
    package func url(label: String) -> String {
        "\(configuration.scheme)://\(label).\(configuration.domain.lowercased())/"
    }

    func lock(_ destination: any Destination) -> DestinationLock {
        DestinationLock(destination: destination, notify: configuration.notify)
    }

    func manifest(at destination: any Destination) async throws -> PreviewManifest {
        try await PreviewManifest.read(at: destination)
    }

    func save(_ manifest: PreviewManifest, to destination: any Destination) async throws {
        try await manifest.save(to: destination)
    }

    /// Builds `source` and puts it live, unless `rule` refuses: a newer deploy of the same site
    /// is live by then, or (where the rule can see the branch) the branch has moved on from
    /// `commit`. `run` is the CI run making the deploy, if any.
    package func deploy(_ source: any SourceTree, branch: String, commit: GitObjectID?, subject: String? = nil, run: CIRun? = nil,
                       rule: GoLiveRule = .orderOnly) async throws -> Outcome {
        try await deploy(building: { source }, branch: branch, commit: commit, subject: subject, run: run, rule: rule)
    }

    /// The same, for a source made by `makeSource` on the thread that builds it: a source over a
    /// git commit holds libgit2 objects, which stay on the one thread that made them.
    package func deploy(building makeSource: @escaping @Sendable () throws -> any SourceTree, branch: String, commit: GitObjectID?,
                       subject: String? = nil, run: CIRun? = nil, rule: GoLiveRule = .orderOnly) async throws -> Outcome {
        try await naming(branch) {
            try await settingStatus(of: branch, at: commit) {
                guard let claim = try await begin(branch: branch, run: run) else { return .productionWithoutTarget }
                return try await publish(building: .tree(makeSource, subject: subject), claim: claim, commit: commit, rule: rule)
            }
        }
    }

    /// The same for a commit of a repository, built in a child process when
    /// ``Configuration/childBuilds`` says so.
    package func deploy(_ job: CommitBuild, branch: String, rule: GoLiveRule = .orderOnly) async throws -> Outcome {
        try await naming(branch) {
            try await settingStatus(of: branch, at: job.commit) {
                guard let claim = try await begin(branch: branch, run: nil) else { return .productionWithoutTarget }
                return try await publish(building: .commit(job), claim: claim, commit: job.commit, rule: rule)
            }
        }
    }

    /// What a deploy builds.
    enum Build: Sendable {
        /// A source made on the thread that builds it.
        case tree(@Sendable () throws -> any SourceTree, subject: String?)
        case commit(CommitBuild)

        /// The first line of `commit`'s message, where the build can see the repository.
        func subject(of commit: GitObjectID?) async -> String? {
            guard case .commit(let job) = self else {
                if case .tree(_, let subject) = self { return subject }
                return nil
            }
            return try? await BlockingPool.shared.run { try GitRepository(at: job.repository).subject(of: job.commit) }
        }

        /// How to read the source in this process.
        var makeSource: @Sendable () throws -> any SourceTree {
            switch self {
            case .tree(let makeSource, _): makeSource
            case .commit(let job): job.source
            }
        }
    }

    /// Claims the branch's label (for a preview) and takes a ticket, which places this deploy
    /// after every one that began before it. Nil for the production branch with nowhere to go.
    func begin(branch: String, run: CIRun?) async throws -> Claim? {
        let purpose = "starting a deploy of \(branch)"
        if branch == configuration.productionBranch {
            guard let production = configuration.production else { return nil }
            try await Self.checkProductionFolder(production.destination)
            let ticket = try await lock(production.destination).withLock(purpose) {
                var manifest = try await manifest(at: production.destination)
                // A deploy that begins after the site was removed puts it back.
                manifest.removed?[branch] = nil
                let ticket = manifest.nextTicket()
                try await save(manifest, to: production.destination)
                return ticket
            }
            return Claim(branch: branch, label: nil, slot: production, order: DeployOrder(ticket: ticket, run: run))
        }
        let destination = configuration.destination
        let (label, ticket) = try await lock(destination).withLock(purpose) {
            var manifest = try await manifest(at: destination)
            try refuseAnotherDomain(than: manifest)
            let label = manifest.claim(branch)
            let ticket = manifest.nextTicket()
            try await save(manifest, to: destination)
            return (label, ticket)
        }
        return Claim(branch: branch, label: label, slot: previewSlot(label), order: DeployOrder(ticket: ticket, run: run))
    }

    /// Refuses to act on previews under another domain than the one `manifest` notes: previews
    /// are folders named after their domain, so under another one those there would be left
    /// where no listing, removal or rollback finds them, and still served.
    private func refuseAnotherDomain(than manifest: PreviewManifest) throws {
        let domain = configuration.domain.lowercased()
        guard let known = manifest.domain, known != domain, !manifest.previews.isEmpty else { return }
        throw DeployError("the previews here are under \(known), not \(domain); give --domain \(known), or another --to "
            + "(remove those previews first to move them to a new domain)", aboutOptions: true)
    }

    /// Builds the claimed site, copies it in as a new release and switches to it, all but the
    /// build under the destination's lock.
    func publish(building what: Build, claim: Claim, commit: GitObjectID?, rule: GoLiveRule) async throws -> Outcome {
        // Production is the one build whose address comes from the blog itself. What each
        // build's highlighter highlights is cached for every branch.
        var asked = claim.label.map { BuildOptions(baseURL: URL(string: url(label: $0))!, noindex: true) } ?? BuildOptions()
        asked.requireBaseURL = claim.label == nil
        configuration.equip(&asked)
        let options = asked
        let build = configuration.cacheDirectory.appending(path: claim.label == nil ? "production" : claim.slot.name)
        // A build with no earlier output has fresh times on every file; comparing contents then
        // keeps rsync from sending over the network what a host already has. A new preview's
        // shares production's build's files where they are the same (see
        // ``sharedBuild(for:into:)``), times and all, unless it found no way to.
        let sharing = sharedBuild(for: claim, into: build)
        let isNew = !FileManager.default.fileExists(atPath: build.path)
        let cache = configuration.cacheDirectory
        let report: (built: DeployReport, baseURL: String)
        do {
            if case .commit(let job) = what, let child = configuration.childBuilds {
                let outcome = try await job.run(in: child, output: build, cache: cache, options: options, sharing: sharing)
                report = (outcome.deployReport, outcome.baseURL)
            } else {
                let makeSource = what.makeSource
                let built = try await BlockingPool.shared.run {
                    try SiteBuilder(source: try makeSource(), options: options).build(into: build, cache: cache, sharing: sharing)
                }
                report = (DeployReport(summary: built.description, warnings: Array(built.warnings.prefix(DeployReport.carried)),
                                       warningCount: built.warnings.count), built.baseURL.absoluteString)
            }
        } catch where !(error is CancellationError) && !Task.isCancelled {
            await recordFailure(error, of: claim, commit: commit)
            guard var failure = error as? DeployError else { throw error }
            failure.duringBuild = true
            throw failure
        }
        try Task.checkCancellation()
        let cold = isNew && !(sharing.map { Self.shares(build, with: $0) } ?? false)
        let subject = await what.subject(of: commit)
        // The digests and the changes page are made while the release is copied in: both only
        // read the build, and on two cores the one hides the other's time.
        let comparison = Task { [self] () -> Comparison in
            let started = ContinuousClock.now
            let digests = await digests(of: build, baseURL: report.baseURL)
            let changes = claim.label == nil || Task.isCancelled ? nil
                : await changesPage(branch: claim.branch, commit: commit, subject: subject, digests: digests, build: report.built)
            return (digests: digests, changes: changes, milliseconds: Self.milliseconds(ContinuousClock.now - started))
        }

        // However the deploy ends (superseded, failed), the comparison has ended first: it
        // writes the build's digests beside it, and must not do so after the deploy returned.
        let published: Result<Outcome, any Error>
        do {
            published = .success(try await release(build, report: report, claim: claim, commit: commit, subject: subject, rule: rule,
                                                   cold: cold, comparison: comparison))
        } catch {
            published = .failure(error)
        }
        // A deploy stopped (a watcher told to end) does not wait out the digests of its build.
        _ = await withTaskCancellationHandler { await comparison.value } onCancel: { comparison.cancel() }
        return try published.get()
    }

    /// What the comparison beside a deploy's release copy gives: the build's digests, the
    /// changes page (for a preview), and how long they took.
    typealias Comparison = (digests: OutputDigests, changes: ChangesPage?, milliseconds: Int)

    /// Copies `build` in as a new release of the claimed site and switches to it, under the
    /// destination's lock, unless the deploy was superseded meanwhile.
    private func release(_ build: URL, report: (built: DeployReport, baseURL: String), claim: Claim, commit: GitObjectID?,
                         subject: String?, rule: GoLiveRule, cold: Bool, comparison: Task<Comparison, Never>) async throws -> Outcome {
        let slot = claim.slot, destination = slot.destination
        return try await lock(destination).withLock("publishing \(claim.branch)\(commit.map { " at \($0.short)" } ?? "")") {
            try await destination.removeAll(matching: ReleaseSlot.leftovers)
            var manifest = try await manifest(at: destination)
            let entry = claim.label.map { manifest.previews[$0] } ?? manifest.production
            if let entry, entry.branch != claim.branch, claim.label != nil {
                throw DeployError("the label \(claim.label!) went to the branch \(entry.branch) while \(claim.branch) was building; deploy \(claim.branch) again")
            }
            // Taken down on purpose since this deploy began: it stays down (a wiped destination,
            // which leaves no such mark, is published again).
            if entry == nil || claim.label == nil, manifest.removed?[claim.branch] != nil {
                return .superseded(.removed)
            }
            if let refusal = await rule.refusal(of: claim.order, commit: commit, over: entry) {
                return .superseded(refusal)
            }
            let id = ReleaseSlot.releaseID(ticket: claim.order.ticket, commit: commit?.hex)
            try await slot.stage(build, id: id, checksum: cold, alsoLinking: await sharedReleases(for: claim, previews: manifest))
            let (digests, changes, digestTime) = await comparison.value
            do {
                if let changes {
                    try await destination.write("\(slot.releasesFolder)/\(id).partial/\(ChangesPage.path)", Data(changes.html.utf8))
                } else {
                    try await destination.write(OutputDigests.path(ofRelease: id), digests.encoded())
                }
            } catch {
                await slot.discard(id)
                throw error
            }
            if let refusal = await rule.refusal(of: claim.order, commit: commit, over: entry) {
                await slot.discard(id)
                return .superseded(refusal)
            }
            try await slot.activate(id)
            let now = ISO8601DateFormatter().string(from: Date())
            var live = entry ?? PreviewManifest.Entry(branch: claim.branch)
            live.commit = commit?.hex
            live.release = id
            live.deployed = now
            live.order = claim.order
            live.subject = subject
            live.failure = nil
            let warnings = report.built.warningCount == 0 ? nil : report.built.warningCount
            live.warnings = warnings
            live.url = claim.label.map(url(label:)) ?? report.baseURL
            let kept = ReleaseSlot.kept(try await slot.releases(), live: id, keep: configuration.keep)
            let release = PreviewManifest.Release(id: id, commit: commit?.hex, subject: subject, deployed: now, warnings: warnings)
            live.releases = ((live.releases ?? []) + [release]).filter { kept.contains($0.id) }
            if let label = claim.label { manifest.previews[label] = live } else { manifest.production = live }
            if claim.label != nil { describe(&manifest) }
            try await save(manifest, to: destination)
            let pruned = try await slot.prune(keep: configuration.keep)
            if claim.label == nil { try await pruneDigests(at: destination, keeping: pruned) }
            let address = claim.label.map(url(label:)) ?? report.baseURL
            let digestReport = changes == nil ? "digests in \(digestTime) ms" : "changes against production in \(digestTime) ms"
            var told = report.built
            told.summary += "; \(digestReport)"
            return .deployed(url: address, label: claim.label, release: id, report: told)
        }
    }

    /// Notes in a manifest how these previews are addressed, for listings made without flags.
    private func describe(_ manifest: inout PreviewManifest) {
        manifest.domain = configuration.domain.lowercased()
        manifest.scheme = configuration.scheme
        if let production = configuration.production { manifest.productionTo = production.destination.description }
    }

    /// Writes down at the destination that the claimed site's build failed, for listings (the
    /// index `galley host` shows). Best effort: the error itself is what the caller reports.
    private func recordFailure(_ error: Error, of claim: Claim, commit: GitObjectID?) async {
        let destination = claim.slot.destination
        let message = "\(error)".split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "the build failed"
        try? await lock(destination).withLock("noting that \(claim.branch) failed") {
            var manifest = try await manifest(at: destination)
            var entry = (claim.label.map { manifest.previews[$0] } ?? manifest.production) ?? PreviewManifest.Entry(branch: claim.branch)
            guard entry.branch == claim.branch else { return }
            entry.failure = PreviewManifest.Failure(commit: commit?.hex, message: String(message.prefix(500)))
            if (error as? DeployError)?.setsAside == true { entry.failure?.setAside = true }
            if let label = claim.label { manifest.previews[label] = entry } else { manifest.production = entry }
            try await save(manifest, to: destination)
        }
    }

    /// A production folder is Galley's own: it holds the link `current`, which the web server
    /// serves, and `.galley/`, and nothing else. An empty folder, or one that does not exist
    /// yet, is fine; so Galley never needs to write to the folder above it.
    static func checkProductionFolder(_ destination: any Destination) async throws {
        let folder = destination.description
        if let target = try? await destination.linkTarget(""), target.contains(".galley/releases/") {
            throw DeployError("\(folder) is a link that an earlier Galley made, with its releases in .galley/ in the folder above; Galley now keeps the production site inside the folder, as \(folder)/\(ReleaseSlot.productionName): remove the link, deploy again, and point the web server at \(folder)/\(ReleaseSlot.productionName)")
        }
        let name = ReleaseSlot.productionName
        let foreign = try await destination.list("").filter { $0 != ".galley" && $0 != name && !$0.hasPrefix(".\(name).link-") }.sorted()
        guard foreign.isEmpty else {
            throw DeployError("\(folder) holds files Galley did not put there (\(foreign.prefix(3).joined(separator: ", "))\(foreign.count > 3 ? ", …" : "")); Galley publishes the production site as \(folder)/\(name) and keeps its releases in \(folder)/.galley, so give --production-to an empty or new folder, and point the web server at \(folder)/\(name)")
        }
    }

    /// What is live at the destinations now, read in one listing of each; nil when a destination
    /// cannot be read (a host that is down is no reason to build everything again).
    package func liveSites() async -> LiveSites? {
        do {
            let names = Set(try await configuration.destination.list(""))
            var production: Bool?
            if let slot = configuration.production { production = try await slot.current() != nil }
            let removed = try await manifest(at: configuration.destination).removed ?? [:]
            var productionRemoved = false
            if let slot = configuration.production, production == false {
                productionRemoved = try await manifest(at: slot.destination).removed?[configuration.productionBranch] != nil
            }
            return LiveSites(names: names, domain: configuration.domain.lowercased(), production: production, removed: removed,
                             productionRemoved: productionRemoved)
        } catch {
            return nil
        }
    }

    /// Lets go of what the destinations keep open between deploys (ssh's shared connections).
    package func disconnect() async {
        await configuration.destination.disconnect()
        await configuration.production?.destination.disconnect()
    }

    /// Runs `body`, then ``disconnect()`` whatever `body` did: for a command that deploys once.
    package func disconnecting<T: Sendable>(after body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            await disconnect()
            return value
        } catch {
            await disconnect()
            throw error
        }
    }

    /// Takes down the preview of a deleted branch and frees its label. Returns whether there was one.
    @discardableResult
    package func remove(branch: String) async throws -> Bool {
        try await naming(branch) { try await takeDown(branch) }
    }

    private func takeDown(_ branch: String) async throws -> Bool {
        let destination = configuration.destination
        return try await lock(destination).withLock("removing the preview of \(branch)") {
            var manifest = try await manifest(at: destination)
            guard let label = manifest.label(of: branch) else { return false }
            try await previewSlot(label).removeAll()
            manifest.previews[label] = nil
            try await save(manifest, to: destination)
            // The local build, its spare and its cache file go too: the label may go to another branch.
            let build = configuration.cacheDirectory.appending(path: previewSlot(label).name), cache = configuration.cacheDirectory
            await BlockingPool.shared.run {
                try? FileManager.default.removeItem(at: build)
                try? FileManager.default.removeItem(at: Self.digestsFile(of: build))
                SiteBuilder.forget(output: build, cache: cache)
            }
            return true
        }
    }

    /// Points a branch's preview (or the production site) back at its previous release. The
    /// rollback counts as the newest deploy: one that began before it does not undo it.
    package func rollBack(branch: String, forward: Bool = false) async throws -> (url: String, release: String) {
        try await naming(branch) { try await restorePrevious(of: branch, forward: forward) }
    }

    private func restorePrevious(of branch: String, forward: Bool) async throws -> (url: String, release: String) {
        // Taking the lock makes the folder: a mistyped destination must not be made so.
        func mustExist(_ destination: any Destination) async throws {
            guard try await destination.isFolder() else {
                throw DeployError("\(destination.description) is no folder: nothing was ever deployed there (check the folder)", aboutOptions: true)
            }
        }
        if branch == configuration.productionBranch {
            guard let production = configuration.production else {
                throw DeployError("\(branch) is the production branch; name its folder with --production-to", aboutOptions: true)
            }
            try await mustExist(production.destination)
            let release = try await lock(production.destination).withLock("rolling back \(branch)") {
                var manifest = try await manifest(at: production.destination)
                let release = try await production.rollBack(forward: forward)
                var entry = manifest.production ?? PreviewManifest.Entry(branch: branch)
                entry.show(release)
                entry.order = DeployOrder(ticket: manifest.nextTicket())
                manifest.production = entry
                try await save(manifest, to: production.destination)
                return release
            }
            return (production.destination.description + "/" + production.name, release)
        }
        let destination = configuration.destination
        try await mustExist(destination)
        return try await lock(destination).withLock("rolling back \(branch)") {
            var manifest = try await manifest(at: destination)
            try refuseAnotherDomain(than: manifest)
            guard let label = manifest.label(of: branch) else {
                throw DeployError("there is no preview of this branch", aboutOptions: true)
            }
            let release = try await previewSlot(label).rollBack(forward: forward)
            manifest.previews[label]?.show(release)
            let ticket = manifest.nextTicket()
            manifest.previews[label]?.order = DeployOrder(ticket: ticket)
            try await save(manifest, to: destination)
            return (url(label: label), release)
        }
    }

    /// Runs `body`, naming `branch` and where it goes in any ``DeployError`` it throws.
    private func naming<T: Sendable>(_ branch: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DeployError {
            throw error.about(branch: branch, destination: destination(of: branch))
        } catch let error where error is FileSystemError || FileSystemError(foundation: error) != nil {
            // A destination folder that cannot be written (a file in its place, no permission).
            let problem = error as? FileSystemError ?? FileSystemError(foundation: error)!
            throw DeployError(problem.path.isEmpty ? problem.message : problem.description).about(branch: branch, destination: destination(of: branch))
        }
    }

    private func destination(of branch: String) -> String {
        let destination = branch == configuration.productionBranch ? configuration.production?.destination : configuration.destination
        return (destination ?? configuration.destination).description
    }
}

import GitSource

/// Sets the commit statuses of a deployer's deploys (see ``PreviewDeployer/Configuration/status``)
/// and decides what a status that cannot be set does to a deploy: never lose it. It is warned
/// of, and the deploy goes on, except where ``stopsOnSetUpProblem`` makes a refused `pending`
/// stop a deploy before anything is built.
package struct StatusReporter: Sendable {
    package let client: ForgeClient
    /// Whether a `pending` status that the forge refuses for its token or repository stops the
    /// deploy: `galley deploy`'s way, so that a broken set-up fails its CI job at once rather
    /// than publish previews no pull request will ever link to. A watcher warns and goes on.
    package var stopsOnSetUpProblem: Bool
    /// Told of each status that could not be set.
    package var warn: @Sendable (String) -> Void

    package init(client: ForgeClient, stopsOnSetUpProblem: Bool, warn: @escaping @Sendable (String) -> Void) {
        self.client = client
        self.stopsOnSetUpProblem = stopsOnSetUpProblem
        self.warn = warn
    }

    /// The commit a deploy's statuses go on: the one CI names, where it does, else the one built.
    func commit(built: GitObjectID?) -> GitObjectID? { client.target.commit ?? built }

    /// The status of a deploy that has begun; throws only a set-up problem that stops the deploy.
    func building(_ deploy: StatusReporter.Deploy) async throws {
        let what = deploy.production ? "the site" : "the preview"
        let status = CommitStatus(state: .pending, description: "Building \(what) of \(deploy.branch)", context: deploy.context,
                                  targetURL: client.target.runURL)
        do {
            try await client.post(status, commit: deploy.commit, branch: deploy.branch)
        } catch let error as StatusError where error.isSetUpProblem && stopsOnSetUpProblem {
            throw error
        } catch {
            complain(error, deploy)
        }
    }

    /// The status of a deploy that ended with `outcome`.
    func finished(_ deploy: StatusReporter.Deploy, _ outcome: PreviewDeployer.Outcome) async {
        let status: CommitStatus
        switch outcome {
        case .deployed(let url, _, _, let report):
            let count = report.warningCount
            let warned = count == 0 ? "" : ", with \(DeployReport.warnings(count))" + (deploy.production ? "" : " on its changes page")
            status = CommitStatus(state: .success, description: (deploy.production ? "The site is live" : "The preview is live") + warned,
                                  context: deploy.context, targetURL: url)
        case .superseded(.overtaken(let commit, _)) where commit == deploy.commit.hex:
            // Another deploy of this very commit is live and has set its own status, link and all.
            return
        case .superseded(let reason):
            // The build passed; what is live is newer. Left pending, the commit would wait for
            // ever, and a failure would blame a commit that built.
            status = CommitStatus(state: .success, description: "Built, not put live: \(reason)", context: deploy.context)
        case .productionWithoutTarget:
            return
        }
        await set(status, deploy)
    }

    /// The status of a deploy that failed with `error`: its first line.
    func failed(_ deploy: StatusReporter.Deploy, _ error: Error) async {
        await set(CommitStatus(state: .failure, description: "\(error)", context: deploy.context, targetURL: client.target.runURL), deploy)
    }

    private func set(_ status: CommitStatus, _ deploy: StatusReporter.Deploy) async {
        do {
            try await client.post(status, commit: deploy.commit, branch: deploy.branch)
        } catch {
            complain(error, deploy)
        }
    }

    private func complain(_ error: Error, _ deploy: StatusReporter.Deploy) {
        guard !(error is CancellationError) else { return }
        warn("the \(client.target.forge) status of \(deploy.branch) at \(deploy.commit.short) was not set: \(error)")
    }

    /// The deploy a status is about.
    struct Deploy: Sendable {
        var branch: String
        var commit: GitObjectID
        var production: Bool

        var context: String { production ? CommitStatus.productionContext : CommitStatus.previewContext }
    }
}

import GitSource

extension PreviewDeployer {
    /// Runs `deploy`, a deploy of `branch` at `commit`, with its commit status set around it
    /// where ``Configuration/status`` says: `pending` first, then `success` or `failure`. Only
    /// a set-up problem on `pending` (see ``StatusReporter/stopsOnSetUpProblem``) keeps the
    /// deploy from going ahead; a stopped deploy leaves `pending` for the next one to replace.
    func settingStatus(of branch: String, at commit: GitObjectID?, _ deploy: () async throws -> Outcome) async throws -> Outcome {
        let production = branch == configuration.productionBranch
        guard let reporter = configuration.status, !production || configuration.production != nil else { return try await deploy() }
        guard let commit = reporter.commit(built: commit) else {
            reporter.warn("no commit to set a \(reporter.client.target.forge) status on: the blog is in no git repository, and no CI variable names one")
            return try await deploy()
        }
        let about = StatusReporter.Deploy(branch: branch, commit: commit, production: production)
        try await reporter.building(about)
        do {
            let outcome = try await deploy()
            await reporter.finished(about, outcome)
            return outcome
        } catch where !(error is CancellationError) && !Task.isCancelled {
            await reporter.failed(about, error)
            throw error
        }
    }
}

import Failures
/// A deploy that could not go ahead, with a message that says what to do.
///
/// The deployer's entry points (deploy, remove, roll back) fill in the branch and the
/// destination, so that a message in a CI log or a watcher's journal says which of many it is
/// about: `branch post/x, destination deploy@host:/srv/previews: rsync … failed: …`.
package struct DeployError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and what to do about it.
    package var problem: String
    /// The branch being deployed, taken down or rolled back, when known.
    package var branch: String?
    /// Where to, as the user wrote it, when known.
    package var destination: String?
    /// Whether the build crashed or was stopped at a limit: a watcher sets such a branch aside
    /// until it moves or is retried, and listings say so.
    package var setsAside = false
    /// Whether the build failed, rather than the destination or the deploy around it.
    package var duringBuild = false
    /// Whether the options given are what is wrong (a domain that is none, a preview that is
    /// not there), rather than the destination: for the command's exit status.
    package var aboutOptions = false

    /// An error about `problem`; the branch and destination are usually filled in later.
    package init(_ problem: String, branch: String? = nil, destination: String? = nil, aboutOptions: Bool = false) {
        self.problem = problem
        self.branch = branch
        self.destination = destination
        self.aboutOptions = aboutOptions
    }

    /// The whole message: the branch and the destination, then the problem.
    package var message: String {
        let context = [branch.map { "branch \($0)" }, destination.map { "destination \($0)" }].compactMap { $0 }
        return context.isEmpty ? problem : context.joined(separator: ", ") + ": " + problem
    }

    /// This error, naming `branch` and `destination` where it did not already.
    func about(branch: String, destination: String) -> DeployError {
        var error = DeployError(problem, branch: self.branch ?? branch, destination: self.destination ?? destination)
        error.setsAside = setsAside
        error.duringBuild = duringBuild
        error.aboutOptions = aboutOptions
        return error
    }

    /// Whether `error`, thrown by a deploy, is the build's: the blog's own mistakes, a crash or a
    /// limit. Anything else (the destination, ssh, rsync, the lock) is the deploy's, and no
    /// fault of the branch.
    package static func isBuildFailure(_ error: Error) -> Bool {
        guard let error = error as? DeployError else { return true }
        return error.duringBuild
    }
}

extension DeployError: GalleyError {
    /// None of its own: ``message`` names the branch and the destination it is about.
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { duringBuild ? .blogHasErrors : aboutOptions ? .usage : .publishing }
}

import ArgumentParser
import Foundation
import Previews

/// The options `deploy` and `watch` share for commit statuses on the forge.
struct StatusOptions: ParsableArguments {
    @Option(name: .customLong("status"), help: ArgumentHelp(
        "Set a commit status on the forge for each deploy: github, gitea (also Forgejo) or gitlab.", valueName: "FORGE"))
    var forge: String?

    @Option(help: ArgumentHelp("The file holding the forge's API token (required with --status).", valueName: "FILE"))
    var statusTokenFile: String?

    @Option(help: ArgumentHelp(
        "The forge's API (default: from CI variables, else https://api.github.com or https://gitlab.com/api/v4; required for gitea outside CI).",
        valueName: "URL"))
    var statusApi: String?

    @Option(help: ArgumentHelp(
        "The repository to set statuses on: OWNER/NAME, or a GitLab project's path or id (default: from CI variables, or the watched remote's URL).",
        valueName: "REPO"))
    var statusRepository: String?

    func validate() throws {
        guard let forge else {
            if statusTokenFile != nil || statusApi != nil || statusRepository != nil {
                throw ValidationError("--status-token-file, --status-api and --status-repository go with --status")
            }
            return
        }
        guard Forge(rawValue: forge) != nil else {
            throw ValidationError("--status must be one of \(Forge.allCases.map(\.rawValue).joined(separator: ", ")), not '\(forge)'")
        }
        guard statusTokenFile != nil else { throw ValidationError("--status needs --status-token-file: the token is never given on the command line") }
    }

    /// The reporter these options ask for, setting statuses on `target`; nil without --status.
    /// `stops` says whether a refused token stops a deploy (see ``StatusReporter/stopsOnSetUpProblem``).
    func reporter(target: (Forge) async throws -> StatusTarget, stops: Bool,
                  warn: @escaping @Sendable (String) -> Void) async throws -> StatusReporter? {
        guard let forge = forge.flatMap(Forge.init(rawValue:)), let statusTokenFile else { return nil }
        let client = ForgeClient(target: try await target(forge), token: try StatusToken(file: statusTokenFile))
        return StatusReporter(client: client, stopsOnSetUpProblem: stops, warn: warn)
    }
}

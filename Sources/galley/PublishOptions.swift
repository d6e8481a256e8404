import ArgumentParser
import Foundation
import Previews

/// The options `deploy`, `watch` and `rollback` share: where previews go and what they are called.
struct PublishOptions: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp("Where previews go: a folder, or [user@]host:/path over ssh.", valueName: "DEST"))
    var destination: String

    @Option(help: ArgumentHelp("The domain previews are served under; a branch's preview is at <label>.<domain>.", valueName: "DOMAIN"))
    var domain: String

    @Option(help: "The scheme of preview addresses: https or http.")
    var scheme = "https"

    @Option(name: .customLong("production-branch"), help: "The branch that publishes the real site.")
    var productionBranch = "main"

    @Option(name: .customLong("production-to"), help: ArgumentHelp(
        "Where the production branch is published: a folder or [user@]host:/path, made a link to the live release.", valueName: "DIR"))
    var productionDestination: String?

    @Option(help: "How many releases each preview keeps for rollback.")
    var keep = 3

    @Option(help: ArgumentHelp("The ssh command for remote destinations (default: ssh, or $GALLEY_SSH).", valueName: "COMMAND"))
    var ssh: String?

    var sshCommand: [String] {
        let text = ssh ?? ProcessInfo.processInfo.environment["GALLEY_SSH"] ?? "ssh"
        return text.split(separator: " ").map(String.init)
    }

    func deployer(cache: URL) throws -> PreviewDeployer {
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
        let destination = try DestinationAddress.parse(self.destination, ssh: sshCommand)
        var production: ReleaseSlot?
        if let productionDestination {
            let trimmed = productionDestination.hasSuffix("/") ? String(productionDestination.dropLast()) : productionDestination
            guard let slash = trimmed.lastIndex(of: "/") else {
                throw ValidationError("--production-to needs a path with a parent folder, such as /var/www/blog")
            }
            let parent = String(trimmed[..<slash]), name = String(trimmed[trimmed.index(after: slash)...])
            let root = try DestinationAddress.parse(parent.isEmpty || parent.hasSuffix(":") ? parent + "/" : parent, ssh: sshCommand)
            production = ReleaseSlot(destination: root, name: name)
        }
        return try PreviewDeployer(.init(
            destination: destination, domain: domain, scheme: scheme, productionBranch: productionBranch, production: production,
            keep: keep, cacheDirectory: cache))
    }
}

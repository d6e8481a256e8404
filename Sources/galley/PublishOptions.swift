import ArgumentParser
import Previews
import SiteCompiler
import SiteContent

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
        "Where the production branch is published: an empty or new folder, or [user@]host:/path; the web server serves DIR/current.",
        valueName: "DIR"))
    var productionDestination: String?

    @Option(help: "How many releases each preview keeps for rollback.")
    var keep = 3

    @Option(help: ArgumentHelp("The ssh command for remote destinations (default: ssh, or $GALLEY_SSH).", valueName: "COMMAND"))
    var ssh: String?

    func validate() throws {
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
        // An empty value was the current folder, and `/` the top of the file system: each
        // would take Galley's folders and links in among whatever is there.
        for (option, value) in [("--to", destination), ("--production-to", productionDestination)] {
            guard let value else { continue }
            guard !value.allSatisfy(\.isWhitespace) else {
                throw ValidationError("\(option) is empty: name a folder of its own, such as /srv/previews, or [user@]host:/path")
            }
            guard value.contains(where: { $0 != "/" }) else {
                throw ValidationError("\(option) / is the top of the file system: name a folder of its own, such as /srv/previews")
            }
        }
    }

    /// The settings these options give.
    var settings: PublishSettings {
        var settings = PublishSettings(destination: destination, domain: domain, scheme: scheme, productionBranch: productionBranch,
                                       productionDestination: productionDestination, keep: keep, ssh: ssh)
        settings.equip = BuildOptions.equip
        return settings
    }
}

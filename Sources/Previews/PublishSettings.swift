import FileSystem
import Foundation
import SiteCompiler
import SiteContent

/// Where and as what branches are published, as a command line gives it: destinations as users
/// write them (`/srv/previews`, `deploy@host:/srv/previews`), and the ssh command as one line.
package struct PublishSettings: Sendable {
    /// Where previews go.
    package var destination: String
    /// The domain previews are served under.
    package var domain: String
    /// `https` or `http`, for preview addresses.
    package var scheme: String
    /// The branch that publishes the real site.
    package var productionBranch: String
    /// Where the production branch is published; nowhere when nil.
    package var productionDestination: String?
    /// How many releases each site keeps for rollback.
    package var keep: Int
    /// The ssh command, such as `ssh -i key -p 2222`; nil for `$GALLEY_SSH`, else plain ssh.
    package var ssh: String?
    /// Where set, every deploy sets a commit status on the forge.
    package var status: StatusReporter?
    /// Gives each build its highlighter, emoji names and typesetter (``PreviewDeployer/Configuration/equip``).
    package var equip: @Sendable (inout BuildOptions) -> Void = { _ in }

    /// Settings; the defaults are those of the command line.
    package init(destination: String, domain: String, scheme: String = "https", productionBranch: String = "main",
                productionDestination: String? = nil, keep: Int = 3, ssh: String? = nil) {
        self.destination = destination
        self.domain = domain
        self.scheme = scheme
        self.productionBranch = productionBranch
        self.productionDestination = productionDestination
        self.keep = keep
        self.ssh = ssh
    }

    /// The ssh command, split into words as a shell would, in a process whose environment is
    /// `environment`.
    package func sshCommand(environment: [String: String]) throws -> [String] {
        let option = ssh != nil ? "--ssh" : environment["GALLEY_SSH"] != nil ? "GALLEY_SSH" : "ssh"
        let words = try ShellWords.split(ssh ?? environment["GALLEY_SSH"] ?? "ssh", option: option)
        guard !words.isEmpty else { throw DeployError("\(option) is empty; give the ssh command, such as ssh -i ~/.ssh/deploy_key") }
        return words
    }

    /// The deployer these settings describe, keeping its builds in `cache`; `notify` hears when
    /// a deploy waits for another.
    package func deployer(cache: URL, environment: [String: String] = ProcessInfo.processInfo.environment, childBuilds: CommitBuild.Child? = nil,
                         notify: @escaping @Sendable (String) -> Void = { _ in }) throws -> PreviewDeployer {
        let ssh = try sshCommand(environment: environment)
        let destination = try DestinationAddress.parse(self.destination, ssh: ssh)
        let production = try productionDestination.map { ReleaseSlot.production(in: try DestinationAddress.parse($0, ssh: ssh)) }
        if let production, Self.overlap(destination, production.destination) {
            throw DeployError("--to \(self.destination) and --production-to \(productionDestination ?? "") are one folder, or one holds "
                + "the other: each would find the other's sites there as files Galley did not put; give them folders side by side "
                + "(/srv/previews and /srv/www)", aboutOptions: true)
        }
        var configuration = PreviewDeployer.Configuration(
            destination: destination, domain: domain, scheme: scheme, productionBranch: productionBranch, production: production,
            keep: keep, cacheDirectory: cache, notify: notify)
        configuration.childBuilds = childBuilds
        configuration.status = status
        configuration.equip = equip
        return try PreviewDeployer(configuration)
    }

    /// Whether two destinations are one folder or one holds the other, as far as their names
    /// tell (links resolved on this machine; another host's paths as written).
    static func overlap(_ first: any Destination, _ second: any Destination) -> Bool {
        func place(_ destination: any Destination) -> String {
            if let local = destination as? LocalDestination { return FolderPath.resolvingLinks(local.root.path) }
            return destination.description
        }
        let (a, b) = (place(first), place(second))
        func holds(_ outer: String, _ inner: String) -> Bool {
            outer == inner || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
        }
        return holds(a, b) || holds(b, a)
    }
}

import ArgumentParser
import Foundation
import Previews

/// Where `galley previews list` and `remove` look: the previews' destination, and the production
/// folder the manifest names unless told otherwise.
struct PreviewsTarget: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp(
        "Where the previews are: a folder, or [user@]host:/path (default: this folder, if it holds previews).", valueName: "DEST"))
    var destination: String?

    @Option(name: .customLong("production-to"), help: ArgumentHelp(
        "The production folder (default: the one the last deploy named).", valueName: "DIR"))
    var productionDestination: String?

    @Option(help: ArgumentHelp("The domain previews are under, for a destination an older Galley last deployed to (later ones say).", valueName: "DOMAIN"))
    var domain: String?

    @Option(help: ArgumentHelp("The ssh command for remote destinations (default: ssh, or $GALLEY_SSH).", valueName: "COMMAND"))
    var ssh: String?

    /// The catalog these options name.
    func catalog() async throws -> PreviewCatalog {
        let settings = PublishSettings(destination: destination ?? ".", domain: "unused.invalid", ssh: ssh)
        let command = try settings.sshCommand(environment: ProcessInfo.processInfo.environment)
        if destination == nil && !FileManager.default.fileExists(atPath: PreviewManifest.path) {
            throw ValidationError("this folder holds no previews (no \(PreviewManifest.path)); name their destination with --to DEST")
        }
        let previews = try DestinationAddress.parse(destination ?? FileManager.default.currentDirectoryPath, ssh: command)
        var production = productionDestination
        if production == nil {
            production = try await PreviewManifest.read(at: previews).productionTo
        }
        if let domain { try PreviewDeployer.checkDomain(domain) }
        var catalog = PreviewCatalog(previews: previews, production: try production.map { try DestinationAddress.parse($0, ssh: command) }, domain: domain) {
            Console.error("galley: \($0)")
        }
        catalog.productionIsGuessed = productionDestination == nil
        return catalog
    }
}

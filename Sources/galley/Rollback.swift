import ArgumentParser
import Foundation
import Previews

extension Galley {
    /// `galley rollback --to DEST --domain DOMAIN --branch B`
    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Point a branch's preview (or the production site) back at its previous release."
        )

        @OptionGroup var publish: PublishOptions

        @Option(help: "The branch whose preview to roll back.")
        var branch: String

        func run() async throws {
            let deployer = try publish.settings.deployer(cache: FileManager.default.temporaryDirectory) { Console.error("galley: \($0)") }
            let (url, release) = try await deployer.disconnecting { try await deployer.rollBack(branch: branch) }
            Console.error("galley: \(branch) now shows release \(release)")
            print(url)
        }
    }
}

import ArgumentParser
import Foundation
import Previews

extension Galley {
    /// `galley rollback --to DEST --domain DOMAIN --branch B`
    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rollback",
            abstract: "Point a branch's preview (or the production site) back at its previous release.",
            discussion: "With --forward, at the next newer one instead: a rollback undone. --keep on deploy and watch sets how many releases are kept."
        )

        @OptionGroup var publish: PublishOptions

        @Option(help: "The branch whose preview to roll back.")
        var branch: String

        @Flag(help: "Go forward to the next newer kept release, undoing a rollback.")
        var forward = false

        func run() async throws {
            let deployer = try publish.settings.deployer(cache: FileManager.default.temporaryDirectory) { Console.error("galley: \($0)") }
            let (url, release) = try await deployer.disconnecting { try await deployer.rollBack(branch: branch, forward: forward) }
            Console.error("galley: \(branch) now shows release \(release)")
            print(url)
        }
    }
}

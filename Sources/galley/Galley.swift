import ArgumentParser
import Foundation

/// The `galley` command: builds blogs and deploys branch previews.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "A static-site generator for blogs, and a branch-preview deployer.",
        version: "0.1.0",
        subcommands: [New.self, Build.self, Serve.self, Import.self, Deploy.self, Watch.self, PreviewName.self, Rollback.self, PreviewsCommand.self, Host.self, ServerConfigCommand.self, BuildCommit.self]
    )

    static func main() async {
        Allocator.tune()
        do {
            var command = try parseAsRoot(nil)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let error as NSError where error.domain == NSCocoaErrorDomain {
            // A file system error from Foundation: its path and cause, not the raw dump.
            Console.report(Console.describe(error))
            exit(withError: ExitCode.failure)
        } catch {
            // Help and version go to standard output as ArgumentParser writes them; every
            // error is said the way the commands say theirs, `error: …`.
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                Console.error(message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : "error: " + message)
            }
            exit(withError: code)
        }
    }
}

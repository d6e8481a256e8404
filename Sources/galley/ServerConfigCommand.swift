import ArgumentParser
import ServerConfigs

extension ServerConfig.Server: ExpressibleByArgument {}

extension Galley {
    /// `galley server-config apache|nginx|caddy --root DEST --domain DOMAIN [--production-root DIR --production-domain NAME]`
    struct ServerConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "server-config",
            abstract: "Print an Apache, nginx or Caddy configuration that serves the previews as galley host does.",
            discussion: """
                For a team that keeps its own web server: previews at https://<label>.<domain>/ from \
                DEST/<label>.<domain>, only one valid label ever reaching the file system, with noindex and \
                no-cache, each site's 404.html, and old .html addresses sent to their folders; with \
                --production-root, the production site at --production-domain from DIR/current. Save the \
                output in the server's sites folder and point the certificate lines at your own.
                """
        )

        @Argument(help: "The web server: apache, nginx or caddy.")
        var server: ServerConfig.Server

        @Option(help: ArgumentHelp("The folder `deploy --to` and `watch --to` publish previews in (absolute).", valueName: "DEST"))
        var root: String

        @Option(help: ArgumentHelp("The domain previews are served under.", valueName: "DOMAIN"))
        var domain: String

        @Option(name: .customLong("production-root"), help: ArgumentHelp("The --production-to folder, served as DIR/current.", valueName: "DIR"))
        var productionRoot: String?

        @Option(name: .customLong("production-domain"), help: ArgumentHelp("The production site's name, such as example.com.", valueName: "NAME"))
        var productionDomain: String?

        func run() throws {
            do {
                let config = try ServerConfig(root: root, domain: domain, productionRoot: productionRoot, productionDomain: productionDomain)
                print(config.text(for: server), terminator: "")
            } catch let error as ServerConfigError {
                Console.error("error: \(error.description)")
                // The options given cannot make a configuration.
                throw ExitCode.usage
            }
        }
    }
}

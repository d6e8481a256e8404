import ArgumentParser
import Foundation
import Logging
import Serving

extension Galley {
    /// `galley host --root DEST --domain DOMAIN [--bind ADDRESS] [--port 8080] [--production LABEL [--production-domain NAME]] [--password-file F]`
    struct Host: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "host",
            abstract: "Serve the previews in a destination folder, each at <label>.<domain> (no Apache or nginx needed).",
            discussion: """
                Chooses the preview by the Host header: <label>.<domain> is served from DEST/<label>.<domain>, the \
                release live when the request came in; <domain> itself lists the previews. Any other name gets 421, \
                paths that climb out or links that leave the preview get nothing. Previews are sent with \
                X-Robots-Tag: noindex; with --password-file they ask for a name and password. The production site, \
                if named with --production, gets neither, and with --production-domain it is served at that domain \
                too. One access-log line per request goes to standard error. \
                Put a TLS proxy (Caddy, nginx) or a load balancer in front for https. Ctrl-C stops it.
                """
        )

        @Option(help: ArgumentHelp("The folder `deploy --to` and `watch --to` publish previews in.", valueName: "DEST"), completion: .directory)
        var root: String

        @Option(help: ArgumentHelp("The domain previews are served under, as given to deploy and watch.", valueName: "DOMAIN"))
        var domain: String

        @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 for every interface.", valueName: "ADDRESS"))
        var bind = "127.0.0.1"

        @Option(name: .shortAndLong, help: "The port to listen on (0 takes any free one).")
        var port = 8080

        @Option(help: ArgumentHelp("The label served as the production site, at <label>.<domain>: not kept from search engines, no password.",
                                   valueName: "LABEL"))
        var production: String?

        @Option(name: .customLong("production-root"), help: ArgumentHelp(
            "Serve the production site from this folder's `current` link (the --production-to of deploy and watch).", valueName: "DIR"),
                completion: .directory)
        var productionRoot: String?

        @Option(name: .customLong("production-domain"), help: ArgumentHelp(
            "Serve the production site at its own domain too (example.com), with www.example.com sent there; needs --production.",
            valueName: "NAME"))
        var productionDomain: String?

        @Option(help: ArgumentHelp("A file of name:password lines: previews and the index ask for one of them.", valueName: "FILE"))
        var passwordFile: String?

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            if let problem = ListenAddress.problem(bind, option: "--bind") { throw ValidationError(problem) }
        }

        func run() async throws {
            var logger = Logger(label: "galley.host")
            logger.logLevel = .info
            let host: PreviewHost
            do {
                var settings = PreviewHost.Settings(root: URL(fileURLWithPath: root), domain: domain, bind: bind, port: port,
                                                    productionLabel: production, productionRoot: productionRoot.map { URL(fileURLWithPath: $0) },
                                                    productionDomain: productionDomain)
                settings.passwords = try passwordFile.map { try HostPasswords(file: $0) }
                let domain = settings.domain, productionDomain = settings.productionDomain
                let root = root, said = logger
                host = try PreviewHost(settings: settings, logger: logger, ready: { address in
                    let port = address.port.map { ":\($0)" } ?? ""
                    let production = productionDomain.map { " and the production site as http://\($0)\(port)/" } ?? ""
                    said.notice("serving the previews in \(root) as http://<label>.\(domain)\(port)/ and their index as http://\(domain)\(port)/\(production); listening on \(address.absoluteString) (Ctrl-C stops)")
                })
            } catch let error as ServeError {
                Console.error("error: \(error.message)")
                throw ExitCode.galley(for: error)
            }
            let signals = SignalCancellation()
            do {
                try await signals.run { try await host.run() }
            } catch let error as ServeError {
                Console.error("error: \(error.message)")
                if let free = error.freePort { Console.error("try --port \(free)") }
                throw ExitCode.fileOrPort
            }
            logger.notice("stopped")
        }
    }
}

import FileSystem
import Foundation
import Hummingbird
import Logging
import NIOCore
import Previews

/// `galley host`: serves every preview that `deploy` or `watch` put in a destination folder,
/// choosing the site by the `Host` header as Apache's `VirtualDocumentRoot` does, but with
/// nothing from the request reaching the file system unchecked. The bare domain lists the
/// previews.
package struct PreviewHost: Sendable {
    package struct Settings: Sendable {
        /// The destination folder: previews at `ROOT/<label>.<domain>`.
        package var root: URL
        /// The domain previews are served under, such as `previews.example.com`.
        package var domain: String
        package var bind: String
        package var port: Int
        /// The label served as the production site: no `noindex`, no password.
        package var productionLabel: String?
        /// A production folder (`--production-to` of deploy and watch), served at the
        /// production label from its `current` link instead of from `ROOT`.
        package var productionRoot: URL?
        /// The production site's own domain (`example.com`), where it is served besides its
        /// label; `www.` before it is sent there.
        package var productionDomain: String? {
            didSet { productionDomain = productionDomain.map(Self.hostName) }
        }
        /// Who may see previews and the index; nil lets everyone in.
        package var passwords: HostPasswords?
        /// How long a file's write may wait for a reader that stopped reading before the
        /// connection is closed (see ``StalledWrite``).
        package var stalledWrite: Duration = .seconds(60)
        /// Where the server's tasks run; nil for the threads every task shares (see
        /// ``DevServer/Settings/executor``).
        package var executor: (any TaskExecutor)?

        package init(root: URL, domain: String, bind: String = "127.0.0.1", port: Int = 8080, productionLabel: String? = nil,
                    productionRoot: URL? = nil, productionDomain: String? = nil, passwords: HostPasswords? = nil) {
            self.root = root.standardizedFileURL
            self.domain = domain.lowercased()
            self.bind = bind
            self.port = port
            self.productionLabel = productionLabel
            self.productionRoot = productionRoot?.standardizedFileURL
            self.productionDomain = productionDomain.map(Self.hostName)
            self.passwords = passwords
        }

        /// A domain as requests are matched against it: lowercase, without a trailing dot.
        static func hostName(_ domain: String) -> String {
            let lower = domain.lowercased()
            return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
        }
    }

    package let settings: Settings
    /// The access log: one line for each request.
    let logger: Logger
    /// Told where the server listens, once it does.
    let ready: @Sendable (URL) -> Void

    package init(settings: Settings, logger: Logger, ready: @escaping @Sendable (URL) -> Void = { _ in }) throws {
        if let label = settings.productionLabel, !HostRoute.isLabel(label) {
            throw ServeError(message: "--production '\(label)' is not a label such as www or main: lowercase letters, digits and inner hyphens", aboutOptions: true)
        }
        if settings.productionRoot != nil, settings.productionLabel == nil {
            throw ServeError(message: "--production-root needs --production LABEL: the name the production site is served at", aboutOptions: true)
        }
        if let productionDomain = settings.productionDomain {
            guard settings.productionLabel != nil else {
                throw ServeError(message: "--production-domain needs --production LABEL: the site served at \(productionDomain) is the one served at that label", aboutOptions: true)
            }
            // A name a certificate can be had for: two labels at least, the last not a number
            // (`127.0.0.1`), and not `localhost`, which names this machine's own questions.
            let labels = productionDomain.split(separator: ".")
            guard (try? PreviewDeployer.checkDomain(productionDomain)) != nil, labels.count >= 2, !labels.last!.allSatisfy(\.isNumber) else {
                throw ServeError(message: "--production-domain '\(productionDomain)' is not a domain name such as example.com", aboutOptions: true)
            }
            guard productionDomain != settings.domain, !productionDomain.hasSuffix("." + settings.domain) else {
                throw ServeError(message: "--production-domain \(productionDomain) is the previews' own domain or a name under it; give the site's own domain, such as example.com", aboutOptions: true)
            }
            // www.<production domain> is sent to the production domain: the index would be out of reach.
            guard settings.domain != "www." + productionDomain else {
                throw ServeError(message: "--domain \(settings.domain) is where www.\(productionDomain) would be sent to \(productionDomain); serve the previews under another name, such as previews.\(productionDomain)", aboutOptions: true)
            }
        }
        do {
            try PreviewDeployer.checkDomain(settings.domain)
        } catch {
            throw ServeError(message: "\(error)", aboutOptions: true)
        }
        guard OpenFolder(settings.root.path) != nil else {
            var info = stat()
            let what = stat(settings.root.path, &info) != 0 ? "no such folder" : info.st_mode & S_IFMT == S_IFDIR
                ? "cannot open the folder: \(FileSystemError.explain(errno))" : "is a file, not the folder deploy and watch put previews in"
            throw ServeError(message: "\(settings.root.path): \(what)")
        }
        self.settings = settings
        self.logger = logger
        self.ready = ready
    }

    /// Serves until its task is cancelled. A port another program holds is a ``ServeError``.
    package func run() async throws {
        let host = settings.bind, ready = ready
        let responder = HostResponder(settings: settings, logger: logger)
        try await QuietServer.run(host: host, port: settings.port, idleTimeout: .seconds(60), purpose: "for previews",
                                  executor: settings.executor,
                                  respond: { (request, context: HostContext) in await responder.respond(to: request, context: context) },
                                  ready: { ready(QuietServer.address(host: host, port: $0)) })
    }
}

/// The request context of `galley host`: Hummingbird's, with the client's address for the log
/// and control of the connection.
struct HostContext: ConnectionControl {
    var coreContext: CoreRequestContextStorage
    let client: String
    let closeConnection: @Sendable () -> Void
    let catchUp: @Sendable () async -> Void
    let eventLoop: any EventLoop

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "-"
        (closeConnection, catchUp) = Self.control(of: source)
        eventLoop = source.channel.eventLoop
    }
}

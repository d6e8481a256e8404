import Foundation
import Hummingbird
import Logging

/// How Galley's plain HTTP servers (the webhook, `galley host`) run: Hummingbird with its own
/// logging silenced, on `host:port`, until the task is cancelled (Galley's one signal handler
/// does that), then shut down gracefully. A port another program holds, or any other failure to listen, is a ``ServeError``.
enum QuietServer {
    static func run<Context: RequestContext>(host: String, port: Int, idleTimeout: Duration, purpose: String,
                                             executor: (any TaskExecutor)? = nil,
                                             respond: @escaping @Sendable (Request, Context) async -> Response,
                                             ready: @escaping @Sendable (_ port: Int) -> Void) async throws
    where Context.Source == ApplicationRequestContextSource {
        if port != 0, let problem = PortCheck.problem(host: host, port: port) { throw problem }
        raiseOpenFileLimit()
        var quiet = Logger(label: "galley.http")
        quiet.logLevel = .critical
        let app = Application(
            responder: CallbackResponder<Context> { request, context in await respond(request, context) },
            server: .galleyHTTP1(idleTimeout: idleTimeout),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "galley", reuseAddress: true),
            onServerRunning: { channel in ready(channel.localAddress?.port ?? port) },
            logger: quiet
        )
        do {
            try await GracefulGroup.run([app], logger: quiet, executor: executor)
        } catch where Task.isCancelled {
            return
        } catch {
            throw ServeError(message: "cannot listen \(purpose) on \(host):\(port): \(error)")
        }
    }

    /// Lets the server hold as many connections and open files as the system allows it: the
    /// soft limit on open files (often 1,024) is raised to the hard one, so that a thousand slow
    /// readers do not leave it unable to accept or open anything.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The address a browser or `curl` reaches `host:port` at.
    static func address(host: String, port: Int, path: String = "/") -> URL {
        URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)")!
    }
}

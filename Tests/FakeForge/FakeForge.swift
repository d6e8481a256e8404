import Blocking
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A forge's status API for tests, served over real HTTP on 127.0.0.1 at a port of its own: it
/// writes down every request and answers as it is told (``answer(_:_:times:)``), else 201.
///
/// It stops when ``stop()`` is called, or by itself once its `lifetime` is over, so that a test
/// that fails half-way leaves no server behind.
public final class FakeForge: Sendable {
    /// One request, as the forge got it.
    public struct Request: Sendable {
        public var method: String
        /// The path as sent, percent-encoding and all.
        public var path: String
        /// Header names in lower case.
        public var headers: [String: String]
        public var rawBody: String
        /// The body as a JSON object of strings, when it is one.
        public var body: [String: String]? {
            (try? JSONSerialization.jsonObject(with: Data(rawBody.utf8))) as? [String: String]
        }
    }

    /// GitHub's answer to a token it does not know.
    public static let badCredentials = #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}"#

    private let recorded = Locked<[Request]>([])
    private let script = Locked<[Answer]>([])
    private let server = Locked<(run: Task<Void, Never>, group: ServiceGroup, lifetime: Task<Void, Never>)?>(nil)
    private let listening = Locked<Int?>(nil)

    private init() {}

    /// The server ended before it listened.
    public struct DidNotStart: Error {}

    /// A forge listening on 127.0.0.1, at most for `lifetime`.
    public static func start(lifetime: Duration = .seconds(120)) async throws -> FakeForge {
        let forge = FakeForge()
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        var quiet = Logger(label: "fake-forge")
        quiet.logLevel = .critical
        let app = Application(
            responder: CallbackResponder { (request: Hummingbird.Request, _: BasicRequestContext) in await forge.respond(request) },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "fake-forge"),
            onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) },
            logger: quiet)
        // Stopped by a graceful shutdown, never by cancelling the task that runs it: a server
        // cancelled while it accepts a connection drops that connection's channel unclosed,
        // which NIO stops the whole process for ("Deinited NIOAsyncWriter without calling
        // finish()", swift-nio issue 2637).
        var configuration = ServiceGroupConfiguration(services: [.init(service: app)], logger: quiet)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        let group = ServiceGroup(configuration: configuration)
        let run = Task(executorPreference: ServerThreads.shared) {
            try? await group.run()
            port.finish()
        }
        let timer = Task {
            try? await Task.sleep(for: lifetime)
            await group.triggerGracefulShutdown()
        }
        forge.server.withLock { $0 = (run, group, timer) }
        for await number in ports {
            forge.listening.withLock { $0 = number }
            return forge
        }
        // Nothing left to stop: the timer would otherwise hold the server for its whole lifetime.
        timer.cancel()
        throw DidNotStart()
    }

    /// The port it listens at.
    public var port: Int { listening.withLock { $0 ?? 0 } }

    /// Its address, as `--status-api` takes it.
    public var api: String { "http://127.0.0.1:\(port)" }

    /// Every request so far, oldest first.
    public var requests: [Request] { recorded.withLock { $0 } }

    /// Answers the next `times` requests with `status` and `body` (and a redirect's
    /// `location`), after those already told.
    public func answer(_ status: Int, _ body: String = "{}", times: Int = 1, location: String? = nil) {
        script.withLock { $0 += Array(repeating: Answer(status: status, body: body, location: location), count: times) }
    }

    private struct Answer {
        var status: Int
        var body: String
        var location: String?
    }

    /// Stops the server and waits until it has.
    public func stop() async {
        guard let server = server.withLock({ $0 }) else { return }
        server.lifetime.cancel()
        await server.group.triggerGracefulShutdown()
        await server.run.value
    }

    private func respond(_ request: Hummingbird.Request) async -> Response {
        let body = (try? await request.body.collect(upTo: 1 << 20)).map { String(buffer: $0) } ?? ""
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        recorded.withLock { $0.append(Request(method: "\(request.method)", path: request.uri.path, headers: headers, rawBody: body)) }
        let answer = script.withLock { $0.isEmpty ? Answer(status: 201, body: #"{"id":1}"#) : $0.removeFirst() }
        var response = Response(status: .init(code: answer.status), headers: [.contentType: "application/json"],
                                body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
        if let location = answer.location { response.headers[.location] = location }
        return response
    }
}

import Blocking
import Foundation
import Hummingbird
import Logging
import Previews
import Text

/// The HTTP side of `galley watch --webhook-port`: `POST /hooks/push` takes a forge's push
/// event and, when its signature holds, asks for a pass at once; `GET /` answers with the
/// watcher's state, for health checks. Everything else is 404.
package struct WebhookServer: Sendable {
    package let webhook: PushWebhook
    package let host: String
    package let port: Int
    /// Asks the watcher for a pass; called once for each good push.
    let nudge: @Sendable (PushWebhook.Verdict) -> Void
    /// The watcher's state as JSON.
    let status: @Sendable () -> Data
    /// Told where the server listens, once it does.
    let ready: @Sendable (URL) -> Void
    let logger: Logger
    /// The bodies being read now: signed or not, a body is read before its signature can be
    /// checked, so a stranger could otherwise hold 25 MB a connection for as long as it cares.
    private let reading = Locked(0)

    /// Bodies read at once, at most; a forge sends one push at a time.
    static let mostBodiesAtOnce = 4
    /// How long a body may take to arrive, from the request's start: an idle timeout alone is
    /// put off by every byte a sender trickles in.
    static let bodyDeadline = Duration.seconds(60)

    package init(webhook: PushWebhook, host: String, port: Int, logger: Logger, nudge: @escaping @Sendable (PushWebhook.Verdict) -> Void,
                status: @escaping @Sendable () -> Data, ready: @escaping @Sendable (URL) -> Void = { _ in }) {
        self.webhook = webhook
        self.host = host
        self.port = port
        self.logger = logger
        self.nudge = nudge
        self.status = status
        self.ready = ready
    }

    /// Serves until its task is cancelled. A port another program holds is a ``ServeError``.
    package func run() async throws {
        let host = host, ready = ready, respond = respond
        // A forge sends one request and is done: a connection that idles is let go.
        try await QuietServer.run(host: host, port: port, idleTimeout: .seconds(30), purpose: "for webhooks",
                                  respond: { (request, _: BasicRequestContext) in await respond(request) },
                                  ready: { ready(QuietServer.address(host: host, port: $0, path: "/hooks/push")) })
    }

    func respond(_ request: Request) async -> Response {
        switch (request.method, request.uri.path) {
        case (.get, "/"), (.head, "/"):
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: status())))
        case (.post, "/hooks/push"):
            return await push(request)
        case (_, "/hooks/push"), (_, "/"):
            return SiteResponder.plain(.methodNotAllowed, "method not allowed\n")
        default:
            return SiteResponder.plain(.notFound, "not found\n")
        }
    }

    private func push(_ request: Request) async -> Response {
        // Answered without reading the rest, and the connection closed, so that a sender of
        // too much is not read from for as long as it cares to send.
        let tooLarge = SiteResponder.plain(.contentTooLarge, "the body is over \(PushWebhook.largestBody) bytes\n", extra: [.connection: "close"])
        if let length = request.headers[.contentLength].flatMap(Int.init), length > PushWebhook.largestBody { return tooLarge }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if case .unauthorized(let reason)? = webhook.verdict(headers: headers) {
            logger.warning("refused a webhook: \(reason)")
            return SiteResponder.plain(.unauthorized, "\(reason)\n", extra: [.connection: "close"])
        }
        let admitted = reading.withLock { count in
            guard count < Self.mostBodiesAtOnce else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return SiteResponder.plain(.serviceUnavailable, "busy reading other webhooks; send it again\n", extra: [.connection: "close", .retryAfter: "5"])
        }
        defer { reading.withLock { $0 -= 1 } }
        var body = ByteBuffer()
        let deadline = ContinuousClock.now + Self.bodyDeadline
        do {
            for try await part in request.body {
                guard ContinuousClock.now < deadline else {
                    return SiteResponder.plain(.requestTimeout, "the body took too long to arrive\n", extra: [.connection: "close"])
                }
                guard body.readableBytes + part.readableBytes <= PushWebhook.largestBody else { return tooLarge }
                body.writeImmutableBuffer(part)
            }
        } catch {
            return tooLarge
        }
        let verdict = webhook.verdict(headers: headers, body: Array(buffer: body))
        switch verdict {
        case .push(let forge, let branch, let deleted):
            // The name is the payload's, not git's: control characters written out, and cut
            // short, so that a log read in a terminal shows what was sent and no more.
            let shown = branch.map { PrintableText.of(String($0.prefix(200)), keepingLines: false) } ?? "(a tag)"
            logger.info("push webhook: a pass starts", metadata: ["forge": "\(forge.rawValue)", "branch": "\(shown)", "deleted": "\(deleted)"])
            nudge(verdict)
            return SiteResponder.plain(.accepted, "a pass starts\n")
        case .ignored(let forge, let event):
            return SiteResponder.plain(.accepted, "ignored: a \(forge.rawValue) \(event) event is not a push\n")
        case .unauthorized(let reason):
            logger.warning("refused a webhook: \(reason)")
            return SiteResponder.plain(.unauthorized, "\(reason)\n")
        case .malformed(let reason):
            // Signed, so from the forge: a setting of its that needs changing, said where the
            // server's operator looks.
            logger.warning("refused a webhook: \(reason)")
            return SiteResponder.plain(.badRequest, "\(reason)\n")
        }
    }
}

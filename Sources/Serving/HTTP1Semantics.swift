import NIOCore
import NIOHTTP1

/// What HTTP/1 asks of a server about connections, which Hummingbird cannot see once a request
/// has become version-free `HTTPTypes`; it stands just before Hummingbird's HTTP/1 codec.
///
/// - A request that does not ask to keep its connection (HTTP/1.0 without `keep-alive`, or
///   `Connection: close` in any case) is marked `connection: close`, as Hummingbird reads it,
///   so the connection closes once it is answered: an HTTP/1.0 client (ApacheBench, health
///   checks written with `nc`) otherwise waits for an end that never comes. An HTTP/1.0 one that
///   asks to keep it is answered `Connection: keep-alive`, without which it would not.
/// - An HTTP/1.1 request without `Host` gets 400, as RFC 9112 §3.2 requires, and the connection
///   closes: every server of Galley decides by the host which site, or whether any, answers.
final class HTTP1Semantics: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether the rest of the request being read is answered already, and dropped.
    private var refused = false
    /// For each request passed on and not yet answered, in order, whether its answer must say
    /// `Connection: keep-alive` (an HTTP/1.0 request that asked for it).
    private var answers: [Bool] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            refused = false
            if head.version.major == 1, head.version.minor >= 1, !head.headers.contains(name: "host") {
                refused = true
                refuse(context: context, version: head.version)
                return
            }
            if !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
            answers.append(head.version == .http1_0 && head.isKeepAlive)
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body, .end:
            guard !refused else { return }
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200, !answers.isEmpty else {
            context.write(data, promise: promise)
            return
        }
        if answers.removeFirst() { head.headers.replaceOrAdd(name: "connection", value: "keep-alive") }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    private func refuse(context: ChannelHandlerContext, version: HTTPVersion) {
        let text = "An HTTP/1.1 request needs a Host header.\n"
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        let headers = HTTPHeaders([("content-type", "text/plain; charset=utf-8"), ("content-length", "\(text.utf8.count)"), ("connection", "close")])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}

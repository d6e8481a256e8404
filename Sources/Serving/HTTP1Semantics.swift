import NIOCore
import NIOHTTP1

/// What HTTP/1 asks of a server about connections, which Hummingbird cannot see once a request
/// has become version-free `HTTPTypes`; it stands just before Hummingbird's HTTP/1 codec, where
/// requests still carry their version, and sees each answer go out.
///
/// - A request that does not ask to keep its connection (HTTP/1.0 without `keep-alive`, or
///   `Connection: close` in any case) is marked `connection: close`, as Hummingbird reads it,
///   so the connection closes once it is answered, and the answer says so: an HTTP/1.0 client
///   (ApacheBench, health checks written with `nc`) otherwise waits for an end that never comes.
/// - An HTTP/1.0 request is answered as HTTP/1.0: never in chunks, which it cannot read; an
///   answer of unknown length ends with the connection. One that asked to keep its connection,
///   answered with a length, is told `Connection: keep-alive`, without which it would not.
/// - An HTTP/1.1 request without `Host` gets 400, as RFC 9112 §3.2 requires, after the answers
///   to the requests before it on the connection, and the connection closes: every server of
///   Galley decides by the host which site, or whether any, answers.
/// - A request whose target is a whole URL (`GET http://name/path`, as sent to a proxy) is for
///   that URL's host, whatever its `Host` says (RFC 9112 §3.2.2): the host is made its `Host`.
final class HTTP1Semantics: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// A request passed on and not yet answered.
    private struct Asked {
        var version: HTTPVersion
        var keepAlive: Bool
    }

    /// The requests passed on and not yet answered, oldest first.
    private var asked: [Asked] = []
    /// Whether the answer being written ends the connection.
    private var closesAfter = false
    /// A request without Host, to be refused once the requests before it are answered; nothing
    /// read after it is passed on.
    private var refusal: HTTPVersion?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refusal == nil else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            if head.version.major == 1, head.version.minor >= 1, !head.headers.contains(name: "host") {
                refusal = head.version
                if asked.isEmpty { refuse(context: context) }
                return
            }
            if let authority = Self.authority(ofAbsolute: head.uri) { head.headers.replaceOrAdd(name: "host", value: authority) }
            let keepAlive = head.isKeepAlive
            if !keepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
            asked.append(Asked(version: head.version, keepAlive: keepAlive))
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body, .end:
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            guard let request = asked.first else { break }
            let length = head.headers.contains(name: "content-length")
            if request.version == .http1_0 {
                // HTTP/1.0 has no chunks: an answer of unknown length is ended by closing.
                head.version = .http1_0
                closesAfter = !request.keepAlive || !length
            } else {
                closesAfter = !request.keepAlive
            }
            if closesAfter {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if request.version == .http1_0 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .end:
            guard !asked.isEmpty else { break }
            asked.removeFirst()
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.write(data, promise: written)
            if closesAfter {
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
            } else if refusal != nil, asked.isEmpty {
                refuse(context: context)
            }
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// The host and port of a request target that is a whole `http` or `https` URL, without
    /// any user part; nil for a path (the usual form), or a URL with no host.
    static func authority(ofAbsolute target: String) -> String? {
        let bytes = target.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https", bytes[colon...].starts(with: "://".utf8) else { return nil }
        let rest = bytes[bytes.index(colon, offsetBy: 3)...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.index(after: at)...] }
        return authority.isEmpty ? nil : String(decoding: authority, as: UTF8.self)
    }

    /// Answers the request without Host with 400, and closes the connection.
    private func refuse(context: ChannelHandlerContext) {
        let text = "An HTTP/1.1 request needs a Host header.\n"
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        let headers = HTTPHeaders([("content-type", "text/plain; charset=utf-8"), ("content-length", "\(text.utf8.count)"), ("connection", "close")])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: refusal ?? .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}

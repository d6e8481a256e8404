import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with ``HTTP1Semantics`` before its codec: the one way every
/// server of Galley speaks HTTP/1.
struct GalleyHTTP1Channel: HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel

    var responder: HTTPChannelHandler.Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(HTTP1Semantics(), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 as Galley's servers speak it, closing connections idle for `idleTimeout`.
    static func galleyHTTP1(idleTimeout: Duration) -> HTTPServerBuilder {
        .init { responder in
            GalleyHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: .init(idleTimeout))))
        }
    }
}

import Hummingbird
import NIOCore

/// A request context that can close its connection and wait for its event loop: what a
/// ``StalledWrite`` needs of the server a file is sent by (`galley host`'s and `galley serve`'s).
protocol ConnectionControl: RequestContext {
    /// Closes the request's connection, for a reader that stopped reading.
    var closeConnection: @Sendable () -> Void { get }
    /// Returns once the connection's event loop has done what was asked of it so far: a write
    /// handed over is then written, or has made the connection unwritable.
    var catchUp: @Sendable () async -> Void { get }
    /// The connection's event loop, where a watch over its writes runs.
    var eventLoop: any EventLoop { get }
}

extension ConnectionControl {
    /// Both, for the channel `source` is of.
    static func control(of source: ApplicationRequestContextSource) -> (close: @Sendable () -> Void, catchUp: @Sendable () async -> Void) {
        let channel = source.channel
        return ({ channel.close(promise: nil) }, { try? await channel.eventLoop.submit {}.get() })
    }
}

/// The request context of `galley serve`: Hummingbird's, with control of the connection.
struct ServeContext: ConnectionControl {
    var coreContext: CoreRequestContextStorage
    let closeConnection: @Sendable () -> Void
    let catchUp: @Sendable () async -> Void
    let eventLoop: any EventLoop

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        (closeConnection, catchUp) = Self.control(of: source)
        eventLoop = source.channel.eventLoop
    }
}

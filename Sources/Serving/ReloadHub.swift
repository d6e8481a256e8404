import Blocking
import Foundation

/// Hands each reload event to every open page: one stream of server-sent event text per
/// listener, ended when the listener goes or the server stops.
final class ReloadHub: Sendable {
    private let listeners = Locked<(next: Int, open: [Int: AsyncStream<String>.Continuation], closed: Bool)>((0, [:], false))

    /// A new listener's events, starting with `greeting`; the stream ends at once when the
    /// server is stopping.
    func listen(greeting: String) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(16))
        continuation.yield(greeting)
        let id: Int? = listeners.withLock { state in
            guard !state.closed else { return nil }
            state.next += 1
            state.open[state.next] = continuation
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.open.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` with `data` to every listener.
    func send(event: String, data: String) {
        send(Self.message(event: event, data: data))
    }

    /// Sends raw event-stream text (such as a comment that keeps idle connections open).
    func send(_ text: String) {
        for continuation in listeners.withLock({ Array($0.open.values) }) { continuation.yield(text) }
    }

    /// How many pages are listening.
    var count: Int { listeners.withLock { $0.open.count } }

    /// Ends every stream, and any opened later: the server is stopping and must not wait for them.
    func close() {
        let open = listeners.withLock { state in
            state.closed = true
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for continuation in open { continuation.finish() }
    }

    /// One event in the text/event-stream format; each line of `data` is a `data:` line.
    static func message(event: String, data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }
}

import Foundation
import Synchronization

/// Clients on threads of their own that keep connecting to a server, each sending a request
/// and hanging up at once, until they are stopped or the server is gone: to stop a server while
/// it accepts.
///
/// They stop at the first refused connection: once the port is free, another test's server
/// (in this process or another) may be given it, and a stray `GET /` once arrived at a fake
/// forge there as the request it expected.
final class Knockers: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let running = Atomic<Int>(0)

    init(_ http: RawHTTP, clients: Int = 3, headers: [String: String] = [:]) {
        for _ in 0..<clients {
            running.add(1, ordering: .relaxed)
            Thread { [self] in
                while !stopping.load(ordering: .relaxed), http.knock("/", headers: headers) {}
                running.subtract(1, ordering: .relaxed)
            }.start()
        }
    }

    /// Tells them to stop and waits (ten seconds at most) until they have.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        _ = eventually(within: 10) { running.load(ordering: .relaxed) == 0 }
    }
}

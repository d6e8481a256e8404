import Glibc

/// A loopback port that refuses every connection and that no other server can be given while
/// this value lives: a socket bound to it that never listens.
///
/// A server started and stopped again frees its port for the next one that asks, in this
/// process or another running tests beside it; a request sent there may reach that stranger.
public final class ClosedPort: Sendable {
    private let socket: Int32
    /// Its number.
    public let number: Int

    /// The socket could not be made or bound.
    public struct Unavailable: Error {
        public let errno: Int32
    }

    public init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable(errno: Glibc.errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else {
            let number = Glibc.errno
            close(socket)
            throw Unavailable(errno: number)
        }
        self.socket = socket
        self.number = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}

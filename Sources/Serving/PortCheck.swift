import Foundation
import Glibc

/// Tells a port another program holds before the server tries it, so that the message can say
/// which port to try instead.
package enum PortCheck {
    /// Nil when `port` on `host` is free to listen on; else the error to show, which names the
    /// `option` that chose the port.
    package static func problem(host: String, port: Int, option: String = "--port") -> ServeError? {
        guard isTaken(host: host, port: port) else { return nil }
        let free = (port + 1...port + 20).first { $0 <= 65535 && !isTaken(host: host, port: $0) }
        let held = option == "--port" ? "another galley serve?" : "another galley watch?"
        return ServeError(message: "\(option == "--port" ? "" : option + ": ")port \(port) on \(host) is in use by another program (\(held))"
            + (free.map { "; port \($0) is free" } ?? "; choose another with \(option)"), freePort: free)
    }

    /// Whether binding fails because the address is in use; any other failure is left for the
    /// server to report.
    private static func isTaken(host: String, port: Int) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        // As the server binds: an address left in TIME_WAIT by an earlier run is free.
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        return bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 && errno == EADDRINUSE
    }
}

import Blocking
import Foundation
import Glibc

/// An HTTP/1.1 client over a plain socket, for tests: it sends request targets exactly as
/// written (`/../x`, `/%2e%2e/x`), which URL types would tidy away, and it reads on a thread of
/// its own so that a waiting test never holds the threads the server answers on.
struct RawHTTP: Sendable {
    let port: Int

    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request and reads the whole response (the connection is closed after it).
    func send(_ target: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) async throws -> Response {
        var headers = headers
        if let body, !headers.keys.contains(where: { $0.lowercased() == "content-length" }) { headers["Content-Length"] = "\(body.count)" }
        let request = Data(request(method, target, headers: headers).utf8) + (body ?? Data())
        let port = port
        return try await onOwnThread { try Self.exchange(request, port: port, method: method) }
    }

    /// The same, blocking the calling thread: for a test's own threads that send many requests.
    func sendNow(_ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> Response {
        try Self.exchange(Data(request(method, target, headers: headers).utf8), port: port, method: method)
    }

    /// Connects, sends a request and hangs up without reading: the most work for a server's
    /// accepting side at the least cost to the client. Failing to connect is not an error; the
    /// answer is false once nothing listens at the port any more.
    @discardableResult
    func knock(_ target: String, headers: [String: String] = [:]) -> Bool {
        // A server that stops accepting leaves connects waiting on its backlog: not for long.
        let socket: Int32
        do {
            socket = try Self.connect(port: port, milliseconds: 200)
        } catch {
            return (error as? Failure)?.refused != true
        }
        try? Self.write(request("GET", target, headers: headers), to: socket)
        close(socket)
        return true
    }

    private static func exchange(_ request: Data, port: Int, method: String) throws -> Response {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        // A server may answer (413, say) and close before it has read a long body: what
        // it said is still there to read.
        try? Self.write(request, to: socket)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try Self.parse(received, method: method)
    }

    /// Opens the event stream and returns the text received until `until` holds for it,
    /// `seconds` pass or the server closes it; `opened` runs once the first bytes have arrived.
    func events(until: @escaping @Sendable (String) -> Bool, seconds: Double = 10,
                opened: @escaping @Sendable () async throws -> Void = {}) async throws -> String {
        let port = port, request = request("GET", "/__galley/events", headers: [:])
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        try Self.write(request, to: socket)
        let first = try await onOwnThread { try Self.readSome(socket, deadline: Date() + seconds) ?? "" }
        try await opened()
        let deadline = Date() + seconds
        return try await onOwnThread {
            var text = first
            while !until(text), Date() < deadline, let more = try Self.readSome(socket, deadline: deadline) {
                text += more
            }
            return text
        }
    }

    /// Connects, sends `partial` (perhaps nothing, perhaps half a request) and waits: the
    /// seconds until the server closed the connection, or nil when it was still open after `seconds`.
    func secondsUntilClosed(sending partial: String, seconds: Double) async throws -> Double? {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        if !partial.isEmpty { try Self.write(partial, to: socket) }
        let start = Date(), deadline = start + seconds
        return try await onOwnThread {
            while Date() < deadline {
                if try Self.readSome(socket, deadline: deadline) == nil { return Date().timeIntervalSince(start) }
            }
            return nil
        }
    }

    /// Asks for `target` with a receive buffer of a few kilobytes, reads the answer's first
    /// bytes and then nothing until the server has closed its side of the connection (at most
    /// `stalling` seconds), then reads for up to `seconds` more: the bytes that came, and whether
    /// the server closed the connection before sending them all (a keep-alive connection stays
    /// open).
    ///
    /// A fixed pause was not enough: where tests hold the few threads of the task pool for
    /// seconds, the server may not get to write, let alone to wait on a write, before it ends.
    func stalledDownload(_ target: String, headers: [String: String], stalling: Double, seconds: Double) async throws -> (received: Int, closed: Bool) {
        let socket = try Self.connect(port: port, receiveBuffer: 4096)
        defer { close(socket) }
        var lines = ["GET \(target) HTTP/1.1"] + headers.map { "\($0.key): \($0.value)" }
        lines.append("")
        try Self.write(lines.joined(separator: "\r\n") + "\r\n", to: socket)
        return try await onOwnThread {
            var received = 0
            var buffer = [UInt8](repeating: 0, count: 65536)
            // The answer's first bytes, so that the server is writing when the reader stops:
            // on a busy machine the server may take a while to begin.
            let begun = Date() + seconds
            while received == 0, Date() < begun {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 500) > 0 else { continue }
                let count = read(socket, &buffer, buffer.count)
                if count <= 0 { return (received, true) }
                received += count
            }
            let local = Self.localPort(of: socket)
            let patience = Date() + stalling
            while Date() < patience, Self.serverSideIsOpen(server: port, client: local) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            let deadline = Date() + seconds
            while Date() < deadline {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 500) > 0 else { continue }
                let count = read(socket, &buffer, buffer.count)
                if count <= 0 { return (received, true) }
                received += count
            }
            return (received, false)
        }
    }

    /// The port a connected socket has on this side.
    private static func localPort(of socket: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether the server's end of the loopback connection from port `client` to port `server`
    /// is still established, as the kernel lists it in `/proc/net/tcp`: a server that closed it
    /// with bytes still unsent keeps it a while in another state, and one that reset it drops it.
    private static func serverSideIsOpen(server: Int, client: Int) -> Bool {
        // Read to its end: the kernel makes the table a page at a time, and a file's reader
        // that trusts its size (none) may stop after the first.
        guard let data = FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() else { return false }
        let table = String(decoding: data, as: UTF8.self)
        let local = String(format: "0100007F:%04X", server), remote = String(format: "0100007F:%04X", client)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[1] == local, fields[2] == remote else { continue }
            return fields[3] == "01"
        }
        return false
    }

    /// Connects, sends `partial` (half a request) and waits up to `seconds` for the first line
    /// of an answer, which a server gives before reading the rest: that line, or nil.
    func statusLine(sending partial: String, seconds: Double) async throws -> String? {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        try Self.write(partial, to: socket)
        let deadline = Date() + seconds
        return try await onOwnThread {
            var received = ""
            while Date() < deadline, !received.contains("\r\n") {
                guard let more = try Self.readSome(socket, deadline: deadline) else { break }
                received += more
            }
            return received.components(separatedBy: "\r\n").first.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Connects, sends `request` exactly as written (any HTTP version, any headers) and reads
    /// for up to `seconds`: what came, and whether the server closed the connection by then.
    /// With `until`, it stops reading once that holds for what came, and then reads for
    /// `linger` seconds more, to see whether the server closes the connection: a server that
    /// keeps it open is told apart from a slow one without a short window for the answer.
    func exchange(_ request: String, seconds: Double, until: (@Sendable (String) -> Bool)? = nil,
                  linger: Double = 0.5) async throws -> (received: String, closed: Bool) {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        try Self.write(request, to: socket)
        let limit = Date() + seconds
        return try await onOwnThread {
            var deadline = limit
            var received = ""
            var answered = false
            while Date() < deadline {
                guard let more = try Self.readSome(socket, deadline: deadline) else { return (received, true) }
                received += more
                if !answered, let until, until(received) {
                    answered = true
                    deadline = min(deadline, Date() + linger)
                }
            }
            return (received, false)
        }
    }

    /// Connects and sends `partial`, leaving the connection open: its socket, for the caller to close.
    func opened(sending partial: String) throws -> Int32 {
        let socket = try Self.connect(port: port)
        try Self.write(partial, to: socket)
        return socket
    }

    private func request(_ method: String, _ target: String, headers: [String: String]) -> String {
        var lines = ["\(method) \(target) HTTP/1.1", "Connection: close"]
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { lines.append("Host: 127.0.0.1:\(port)") }
        lines += headers.map { "\($0.key): \($0.value)" }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// What arrives before `deadline`; nil once the server has closed the connection.
    private static func readSome(_ socket: Int32, deadline: Date) throws -> String? {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let wait = max(0, Int32(deadline.timeIntervalSinceNow * 1000))
        guard poll(&poller, 1, wait) > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(socket, &buffer, buffer.count)
        if count == 0 { return nil }
        return count < 0 ? "" : String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// A socket connected to `port`; reading, writing and connecting give up after `milliseconds`.
    /// `receiveBuffer` keeps what the socket takes in small, for a reader that stalls.
    private static func connect(port: Int, milliseconds: Int = 20_000, receiveBuffer: Int32? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // Set before connecting: the window the server sees is fixed then.
        if var size = receiveBuffer { setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        // Linux holds connect() to the send timeout too.
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: milliseconds % 1000 * 1000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let number = errno
            close(socket)
            throw Failure(message: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(number)))", refused: number == ECONNREFUSED)
        }
        return socket
    }

    private static func write(_ text: String, to socket: Int32) throws {
        try write(Data(text.utf8), to: socket)
    }

    private static func write(_ data: Data, to socket: Int32) throws {
        let bytes = [UInt8](data)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that closed early is an error here, not a SIGPIPE.
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(message: "cannot send the request") }
            sent += count
        }
    }

    /// Splits a response into status, headers and body, undoing chunked transfer coding.
    static func parse(_ data: Data, method: String) throws -> Response {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(message: "no complete response: \(String(decoding: data, as: UTF8.self))") }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(message: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var plain = Data(), rest = body[...]
            while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
                let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
                if size == 0 { break }
                let start = lineEnd.upperBound
                plain.append(rest[start..<min(start + size, rest.endIndex)])
                rest = rest[min(start + size + 2, rest.endIndex)...]
            }
            body = plain
        }
        return Response(status: status, headers: headers, body: method == "HEAD" ? Data() : body)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        /// Nothing listened at the port.
        var refused = false
        var description: String { message }
    }
}

/// Runs blocking work on the pool and waits for it without holding a shared thread.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await BlockingPool.shared.run(work)
}

import Highlighting
import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One running Pygments helper: Python with ``PygmentsScript``, started by swift-subprocess
/// and spoken to over a socket pair (its standard input and output), one batch at a time.
///
/// A socket rather than pipes so that writing to a helper that has died is an error
/// (`MSG_NOSIGNAL`), not a SIGPIPE that would end Galley. Not safe for two batches at once:
/// ``PygmentsHighlighter`` hands it one at a time. Dropping it closes the socket, and the
/// helper ends at the end of its input.
final class PygmentsSession: Sendable {
    /// The Pygments version the helper found.
    let version: String
    private let socket: Int32
    private let process: Task<Void, Never>
    private let exited: ExitFlag

    /// How long a helper may take to start and import Pygments.
    static let startTimeout: Duration = .seconds(30)

    private init(version: String, socket: Int32, process: Task<Void, Never>, exited: ExitFlag) {
        self.version = version
        self.socket = socket
        self.process = process
        self.exited = exited
    }

    deinit { close(socket) }

    /// What the helper's first line says.
    private struct Hello: Decodable {
        var pygments: String?
        var error: String?
    }

    /// Starts `python` with the script and reads its first line.
    ///
    /// - Throws: ``HighlighterUnavailable`` when it cannot start or has no Pygments.
    static func start(python: String) throws(HighlighterUnavailable) -> PygmentsSession {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HighlighterUnavailable("cannot talk to \(python): \(String(cString: strerror(errno)))")
        }
        let ours = pair[0], theirs = pair[1]
        // Its standard output is a second descriptor of the same end: swift-subprocess closes each
        // once it has started. Close-on-exec, as the socket's are, so that no other program
        // started meanwhile holds the helper's end open.
        let theirsOut = fcntl(theirs, F_DUPFD_CLOEXEC, 0)
        let exited = ExitFlag()
        let process = Task(executorPreference: HelperThread.shared) {
            defer { exited.set() }
            // -I: no PYTHONPATH or user site-packages, so the Pygments found is the system's.
            let configuration = Configuration(executable: .path(FilePath(python)), arguments: ["-I", "-c", PygmentsScript.source])
            _ = try? await Subprocess.run(configuration,
                                          input: .fileDescriptor(FileDescriptor(rawValue: theirs), closeAfterSpawningProcess: true),
                                          output: .fileDescriptor(FileDescriptor(rawValue: theirsOut), closeAfterSpawningProcess: true),
                                          error: .discarded)
        }
        do throws(HighlighterUnavailable) {
            let line = try readLine(from: ours, timeout: startTimeout, exited: exited, python: python)
            guard let hello = try? JSONDecoder().decode(Hello.self, from: Data(line)) else {
                throw HighlighterUnavailable("\(python) did not start the highlighter")
            }
            guard let version = hello.pygments else {
                throw HighlighterUnavailable("\(python) has no Pygments (\(hello.error ?? "it did not say why"))")
            }
            return PygmentsSession(version: version, socket: ours, process: process, exited: exited)
        } catch {
            process.cancel()
            close(ours)
            throw error
        }
    }

    /// Sends one batch and reads the line that answers it.
    ///
    /// - Throws: ``HighlighterUnavailable`` when the helper has died or takes too long (it is
    ///   then stopped: a lexer caught in a pathological block must not hold the build for ever).
    func exchange(_ batch: PygmentsBatch) throws(HighlighterUnavailable) -> [UInt8] {
        do throws(HighlighterUnavailable) {
            try send(batch.request)
            return try Self.readLine(from: socket, timeout: .seconds(30 + batch.size / 16_384), exited: exited, python: "Pygments")
        } catch {
            process.cancel()
            throw error
        }
    }

    private func send(_ data: Data) throws(HighlighterUnavailable) {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw HighlighterUnavailable("Pygments stopped reading: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// One line from the helper, without its newline. The helper writes a line only when asked,
    /// so a line ends where what has arrived ends.
    private static func readLine(from socket: Int32, timeout: Duration, exited: ExitFlag, python: String) throws(HighlighterUnavailable) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            // Woken now and then to see whether the helper is gone without closing its end (it never started).
            let ready = poll(&waiting, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                if exited.isSet { throw HighlighterUnavailable("\(python) exited before it answered") }
                if ContinuousClock.now > deadline { throw HighlighterUnavailable("\(python) did not answer within \(timeout); it was stopped") }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(String(cString: strerror(errno)))")
            }
            if count == 0 { throw HighlighterUnavailable("\(python) exited before it answered") }
            line.append(contentsOf: chunk[..<count])
            if line.last == 0x0A {
                line.removeLast()
                return line
            }
        }
    }
}

import Blocking
import FileSystem
import Foundation
import Highlighting
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One running Pygments helper: Python with ``PygmentsScript``, started by swift-subprocess
/// and spoken to over a socket pair (its standard input and output), a frame a batch.
///
/// A socket rather than pipes so that writing to a helper that has died is an error
/// (`MSG_NOSIGNAL`), not a SIGPIPE that would end Galley. Threads send their batches one after
/// another and read the answers in the same order (``AnswerOrder``), so a batch waits in the
/// socket while the helper works on the one before, and the helper never waits for Galley.
/// Dropping it closes the socket, and the helper ends at the end of its input.
final class PygmentsSession: Sendable {
    /// The Pygments version the helper found.
    let version: String
    private let socket: Int32
    private let process: Task<Void, Never>
    private let stopper: HelperStopper
    private let lines: HelperFrames
    /// The number the next batch sent gets; held while a batch is written, so that numbers
    /// follow the order of the bytes.
    private let sending = Locked<UInt64>(0)
    private let answers = AnswerOrder()

    /// How long a helper may take to start and import Pygments.
    static let startTimeout: Duration = .seconds(30)

    private init(version: String, socket: Int32, process: Task<Void, Never>, stopper: HelperStopper, lines: HelperFrames) {
        self.version = version
        self.socket = socket
        self.process = process
        self.stopper = stopper
        self.lines = lines
    }

    deinit { close(socket) }

    /// What the helper's first line says.

    /// Starts `python` with the script, given `arguments`, and reads its first line.
    ///
    /// - Throws: ``HighlighterUnavailable`` when it cannot start or has no Pygments.
    static func start(python: String, arguments: [String] = []) throws(HighlighterUnavailable) -> PygmentsSession {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HighlighterUnavailable("cannot talk to \(python): \(FileSystemError.explain(errno))")
        }
        let ours = pair[0], theirs = pair[1]
        // Its standard output is a second descriptor of the same end: swift-subprocess closes each
        // once it has started. Close-on-exec, as the socket's are, so that no other program
        // started meanwhile holds the helper's end open.
        let theirsOut = fcntl(theirs, F_DUPFD_CLOEXEC, 0)
        let exited = ExitFlag(), stopper = HelperStopper()
        let process = Task(executorPreference: BlockingPool.shared) {
            defer { exited.set() }
            // -I: no PYTHONPATH or user site-packages, so the Pygments found is the system's.
            let configuration = Configuration(executable: .path(FilePath(python)), arguments: Arguments(["-I", "-c", PygmentsScript.source] + arguments))
            _ = try? await Subprocess.run(configuration,
                                          input: .fileDescriptor(FileDescriptor(rawValue: theirs), closeAfterSpawningProcess: true),
                                          output: .fileDescriptor(FileDescriptor(rawValue: theirsOut), closeAfterSpawningProcess: true),
                                          error: .discarded)
        }
        do throws(HighlighterUnavailable) {
            let lines = HelperFrames(socket: ours, exited: exited)
            guard let frame = try lines.next(timeout: startTimeout, from: python) else {
                throw HighlighterUnavailable("\(python) did not start within \(startTimeout); it was stopped")
            }
            // `pygments 2.14.0`, or `error` and why the import failed.
            let hello = String(decoding: frame, as: UTF8.self)
            guard hello.hasPrefix("pygments ") else {
                let reason = hello.hasPrefix("error ") ? String(hello.dropFirst("error ".count)) : "it did not say why"
                throw HighlighterUnavailable("\(python) has no Pygments (\(reason))")
            }
            // `pygments 2.14.0 4242`: the version, then the helper's process number.
            let words = hello.dropFirst("pygments ".count).split(separator: " ")
            let version = words.first.map(String.init) ?? ""
            if words.count > 1, let pid = Int32(words[1]) { stopper.adopt(pid: pid) }
            return PygmentsSession(version: version, socket: ours, process: process, stopper: stopper, lines: lines)
        } catch {
            stopper.stop()
            process.cancel()
            close(ours)
            throw error
        }
    }

    /// How an exchange ended.
    enum Exchange {
        case answered([UInt8])
        /// The helper did not answer within the time given; it was stopped.
        case timedOut
    }

    /// Sends one batch and reads the line that answers it, waiting at most `timeout` once its
    /// turn has come.
    ///
    /// - Throws: ``HighlighterUnavailable`` when the helper has died or was stopped before it
    ///   answered (a batch sent before this one took too long, say).
    func exchange(_ batch: PygmentsBatch, timeout: Duration) throws(HighlighterUnavailable) -> Exchange {
        let ticket: UInt64
        do throws(HighlighterUnavailable) {
            ticket = try sending.withLock { next throws(HighlighterUnavailable) -> UInt64 in
                if let failure = answers.failed { throw failure }
                try send(batch.request)
                defer { next += 1 }
                return next
            }
        } catch {
            // Half a batch may have gone: nothing the helper says can be trusted any more.
            stop(error)
            throw error
        }
        try answers.waitForTurn(ticket)
        do throws(HighlighterUnavailable) {
            guard let line = try lines.next(timeout: timeout, from: "Pygments") else {
                // A lexer caught in a pathological block must not hold the build for ever: the
                // helper is stopped, and every batch behind this one is told so.
                answers.finishTurn(failing: HighlighterUnavailable("Pygments was stopped: a block sent before took longer than \(timeout)"))
                halt()
                return .timedOut
            }
            answers.finishTurn()
            return .answered(line)
        } catch {
            answers.finishTurn(failing: error)
            halt()
            throw error
        }
    }

    /// Stops the helper; every batch waiting for it fails with `reason`.
    func stop(_ reason: HighlighterUnavailable) {
        answers.fail(reason)
        halt()
    }

    private func send(_ data: Data) throws(HighlighterUnavailable) {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw HighlighterUnavailable("Pygments stopped reading: \(FileSystemError.explain(errno))")
            }
            offset += sent
        }
    }

    /// Kills the helper at once, and lets the task that ran it reap it.
    private func halt() {
        stopper.stop()
        process.cancel()
    }
}

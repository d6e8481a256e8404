import Foundation

/// Runs programs: to completion, capturing what they print, or left running and talked to line
/// by line (the remote half of a destination's lock).
///
/// Programs are started with `posix_spawn` and waited for by a thread of their own, not with
/// Foundation's `Process`: that learns of a child's exit through a socket the child inherits,
/// and ssh closes every inherited descriptor as it starts, after which `Process` waits for it on
/// the one thread that notices every child's exit. A long-lived ssh (the remote lock) then
/// keeps every other program from ever being seen to finish.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: Data
        var error: Data
        var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// Runs `command` (looked up on `PATH`) to completion. With `stopsWhenCancelled`, a
    /// cancelled task stops the program (SIGTERM) and gets a `CancellationError`: for the long
    /// steps of a deploy (rsync), so that `systemctl stop` or Ctrl-C need not wait for a whole
    /// transfer. Short commands, among them the clean-up that runs once a task is cancelled, run
    /// to the end.
    static func run(_ command: [String], input: Data? = nil, stopsWhenCancelled: Bool = false) throws -> Result {
        let running = try Running(command)
        let output = running.collectOutput()
        if let input { running.send(input) }
        running.closeInput()
        var stopped = false
        while !running.waitForExit(timeout: 0.1) {
            if stopsWhenCancelled && Task.isCancelled && !stopped {
                running.terminate()
                stopped = true
            }
        }
        let result = Result(status: running.status, output: output.wait(), error: running.errorOutput())
        if stopped { throw CancellationError() }
        return result
    }

    /// A program that has been started and not yet waited for. Its standard error is collected
    /// as it comes, so a chatty program never stalls on a full pipe.
    final class Running: @unchecked Sendable {
        let pid: pid_t
        private var input: Int32?
        private let output: Int32
        private let errorReader: Collector
        private let exited = DispatchSemaphore(value: 0)
        private var exitStatus: Int32 = -1
        private var lineBuffer = Data()
        private var outputTaken = false

        init(_ command: [String]) throws {
            // Our ends of the pipes are close-on-exec; the child's ends become its 0, 1 and 2.
            func pipe() throws -> (read: Int32, write: Int32) {
                var ends: [Int32] = [0, 0]
                guard pipe2(&ends, O_CLOEXEC) == 0 else { throw DeployError("cannot make a pipe: \(String(cString: strerror(errno)))") }
                return (ends[0], ends[1])
            }
            let stdin = try pipe(), stdout = try pipe(), stderr = try pipe()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
            // Nothing else of ours, a lock above all, may live on in a child.
            _ = posix_spawn_file_actions_addclosefrom_np(&actions, 3)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // A signal this process ignores (SIGTERM and SIGINT while it stops cleanly) would stay
            // ignored in the child; the child gets the usual ones.
            var defaults = sigset_t(), empty = sigset_t()
            sigemptyset(&defaults)
            sigemptyset(&empty)
            for number in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

            var pid = pid_t()
            let arguments = command.map { strdup($0) } + [nil]
            defer { arguments.forEach { free($0) } }
            let code = posix_spawnp(&pid, command[0], &actions, &attributes, arguments, environ)
            for end in [stdin.read, stdout.write, stderr.write] { close(end) }
            guard code == 0 else {
                for end in [stdin.write, stdout.read, stderr.read] { close(end) }
                throw DeployError("cannot run \(command[0]): \(String(cString: strerror(code)))")
            }
            self.pid = pid
            input = stdin.write
            output = stdout.read
            errorReader = Collector(stderr.read)
            let child = pid
            Thread { [self] in
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                exitStatus = status
                exited.signal()
            }.start()
        }

        deinit {
            if let input { close(input) }
            if !outputTaken { close(output) }
        }

        /// The exit status, or 128 plus the signal that ended it. Only once it has exited.
        var status: Int32 {
            let raw = exitStatus
            return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        }

        /// Writes to the program's standard input. A program that has already exited (a script
        /// whose `mkdir` failed before it read anything) ends the write, not this process:
        /// SIGPIPE is held back on this thread meanwhile, and taken off it afterwards.
        func send(_ data: Data) {
            guard let input, !data.isEmpty else { return }
            var pipeSignal = sigset_t(), previous = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            let broken = data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let written = write(input, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return errno == EPIPE }
                    offset += written
                }
                return false
            }
            if broken {
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
        }

        /// Ends the program's standard input; a program that reads to the end then finishes.
        func closeInput() {
            if let input { close(input) }
            input = nil
        }

        /// Asks the program to stop.
        func terminate() { kill(pid, SIGTERM) }

        /// Starts reading all of standard output in the background (instead of `readLine`).
        func collectOutput() -> Collector {
            outputTaken = true
            return Collector(output)
        }

        /// The next line of standard output without its newline, or nil at the end. While it
        /// waits, a cancelled task stops the program and gets a `CancellationError`.
        func readLine() throws -> String? {
            while true {
                if let newline = lineBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = lineBuffer[..<newline]
                    lineBuffer.removeSubrange(...newline)
                    return String(decoding: line, as: UTF8.self)
                }
                if Task.isCancelled {
                    terminate()
                    throw CancellationError()
                }
                var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(output, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    guard !lineBuffer.isEmpty else { return nil }
                    defer { lineBuffer.removeAll() }
                    return String(decoding: lineBuffer, as: UTF8.self)
                }
                lineBuffer.append(contentsOf: chunk[..<count])
            }
        }

        /// Whether the program has exited, waiting at most `timeout` seconds.
        func waitForExit(timeout: TimeInterval) -> Bool {
            guard exited.wait(timeout: .now() + timeout) == .success else { return false }
            exited.signal()  // stays signalled for later callers
            return true
        }

        /// Everything the program wrote to standard error; waits for it to exit.
        func errorOutput() -> Data {
            while !waitForExit(timeout: 1) {}
            return errorReader.wait()
        }
    }

    /// Reads a descriptor to its end on a thread of its own, then closes it.
    final class Collector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(descriptor, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    data.append(contentsOf: chunk[..<count])
                }
                close(descriptor)
                done.signal()
            }.start()
        }

        func wait() -> Data {
            done.wait()
            done.signal()
            return data
        }
    }
}

// GNU extensions that the Glibc module does not export (they need _GNU_SOURCE).
@_silgen_name("pipe2")
private func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func posix_spawn_file_actions_addclosefrom_np(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32

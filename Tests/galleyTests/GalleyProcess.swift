import Foundation
import TestThreads
import Testing

/// Runs the built `galley` binary the way a user or a CI job does, and captures what it says.
struct GalleyProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary under test: `GALLEY_BINARY` when set (scripts/test sets it to the release
    /// binary that ships, and runs these tests again), else the one beside the test bundle.
    static var binary: URL {
        if let given = ProcessInfo.processInfo.environment["GALLEY_BINARY"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appending(path: "galley").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "galley")
    }

    /// This process's environment with `extra` added, but without the variables CI systems set:
    /// the tests' own CI must not leak its branch or run into the commands under test.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var inherited = ProcessInfo.processInfo.environment.filter { key, _ in
            !["GITHUB_", "CI_", "DRONE_", "BUILDKITE_", "CIRCLE_", "TRAVIS_", "BITBUCKET_"].contains { key.hasPrefix($0) }
                && !["BRANCH_NAME", "CHANGE_BRANCH", "GIT_BRANCH", "GIT_LOCAL_BRANCH", "GALLEY_SSH", "BUILD_NUMBER", "JOB_NAME"].contains(key)
        }
        inherited.merge(extra) { $1 }
        return inherited
    }

    /// Runs `galley arguments…` in `directory`, giving up after `timeout` seconds; `galley` is
    /// ``binary`` unless `executable` names a copy of it.
    /// With `fileSizeLimit`, no file it writes may grow past that many KiB: a write past it fails
    /// as on a full disk (the signal the kernel sends is ignored). With `openFiles`, it may hold
    /// no more descriptors open at once than that (a service manager's default is 1,024). With `asUser`, a folder's
    /// permissions hold for it as for a user who is not root, though the tests run as root (CI
    /// does): it runs without the capabilities that let root read and write anywhere.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: TimeInterval = 60,
                    fileSizeLimit: Int? = nil, openFiles: Int? = nil, asUser: Bool = false, executable: URL? = nil) throws -> Result {
        let binary = executable ?? binary
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if fileSizeLimit != nil || openFiles != nil {
            let limits = (fileSizeLimit.map { "trap '' XFSZ; ulimit -f \($0); " } ?? "") + (openFiles.map { "ulimit -n \($0); " } ?? "")
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", limits + "exec \"$0\" \"$@\"", binary.path] + arguments
        } else if asUser, getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--bounding-set=-dac_override,-dac_read_search,-fowner", binary.path] + arguments
        }
        process.currentDirectoryURL = directory
        process.environment = Self.environment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs so a chatty build cannot fill one and stall.
        // The semaphore hands standard error over: ThreadSanitizer saw the poll of isFinished
        // that was here as the race it was.
        nonisolated(unsafe) var stderrData = Data()
        let read = DispatchSemaphore(value: 0)
        let reader = Thread {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }
        reader.start()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            Issue.record("galley \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitWithoutSpinning()
        read.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// A `galley` process left running, as a watcher or a deploy the test interrupts. What it says on
/// standard error goes to a file that the test reads as it grows. It is killed, if still
/// running, when the test lets go of it, or when the tests' process ends without doing so.
final class BackgroundGalley {
    let process = Process()
    let log: URL
    private var guarding: OrphanGuard?

    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        log = directory.appending(path: "galley-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = GalleyProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = GalleyProcess.environment(environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        guarding = OrphanGuard(process)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitWithoutSpinning()
    }

    /// What it has said so far.
    var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits at most `timeout` seconds for it to end; whether it did.
    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { return false }
        process.waitWithoutSpinning()
        return true
    }
}

/// Kills a process the tests started once the tests' own process is gone: a crash skips the
/// `deinit` that would have stopped it, and a server left running keeps its port and its
/// scratch folder. A shell looks once a second, and ends as soon as the process does.
///
/// The shell is started by `posix_spawn`, not as a Foundation `Process`: Foundation learns that
/// a program ended when the last holder of a socket it hands the program closes it, and the
/// shell's `sleep` holds it too, so waiting for a killed guard lasted until its `sleep` ended.
final class OrphanGuard {
    private var shell: pid_t = 0
    private var status: Int32?

    /// Guards `process` (running) while the process `owner` (this one, unless told) lives.
    init(_ process: Process, owner: Int32 = getpid()) {
        let child = process.processIdentifier
        let script = "while kill -0 \(owner) && kill -0 \(child); do sleep 1; done 2>/dev/null; kill -9 \(child) 2>/dev/null"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0) }
        // Nothing else of this process's reaches the shell: no socket of Foundation's either.
        // (One closed meanwhile is passed over: glibc fails a spawn only for a number out of range.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let arguments = ["/bin/sh", "-c", script, "galley-test-guard"]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        if posix_spawn(&shell, "/bin/sh", &actions, nil, &pointers, environ) != 0 { shell = 0 }
    }

    /// Whether the shell has ended (having killed the process, or seen it end).
    var ended: Bool {
        guard shell > 0 else { return false }
        if status == nil {
            var code: Int32 = 0
            if waitpid(shell, &code, WNOHANG) == shell { status = code }
        }
        return status != nil
    }

    deinit {
        guard shell > 0, status == nil else { return }
        kill(shell, SIGKILL)
        var code: Int32 = 0
        while waitpid(shell, &code, 0) < 0, errno == EINTR {}
    }
}

/// Waits at most `timeout` seconds for `condition`; whether it came true.
func eventually(within timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// Waits at most `timeout` seconds for `condition`, sleeping between looks without holding one of
/// the threads the tests' tasks share; whether it came true.
func settles(within timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}

/// A scratch folder that removes itself.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "galley-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ path: String, _ text: String) throws {
        let file = url.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appending(path: path).path).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Runs git with a fixed author in `directory` and gives back what it printed, expecting it to
/// succeed: the repositories the end-to-end tests push to and watch.
@discardableResult
func git(_ arguments: [String], in directory: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitWithoutSpinning()
    #expect(process.terminationStatus == 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

import Foundation
import Testing

/// Runs the built `galley` binary the way a user or a CI job does, and captures what it says.
struct GalleyProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle in the build folder.
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appending(path: "galley").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "galley")
    }

    /// Runs `galley arguments…` in `directory`, giving up after `timeout` seconds.
    /// With `fileSizeLimit`, no file it writes may grow past that many KiB: a write past it fails
    /// as on a full disk (the signal the kernel sends is ignored).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: TimeInterval = 60,
                    fileSizeLimit: Int? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\"", binary.path] + arguments
        }
        process.currentDirectoryURL = directory
        // The tests' own CI must not leak its branch variables into the commands under test.
        var inherited = ProcessInfo.processInfo.environment.filter { key, _ in
            !["GITHUB_", "CI_", "DRONE_", "BUILDKITE_", "CIRCLE_", "TRAVIS_", "BITBUCKET_"].contains { key.hasPrefix($0) }
                && !["BRANCH_NAME", "CHANGE_BRANCH", "GIT_BRANCH", "GIT_LOCAL_BRANCH", "GALLEY_SSH"].contains(key)
        }
        inherited.merge(environment) { $1 }
        process.environment = inherited
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs so a chatty build cannot fill one and stall.
        nonisolated(unsafe) var stderrData = Data()
        let reader = Thread { stderrData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            Issue.record("galley \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.005) }
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
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

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

/// Emoji names from Debian's python3-emoji (the `emoji` package's GitHub aliases and English
/// names), read once per process from a short-lived Python: the names are that package's data,
/// never a copy kept in Galley.
package struct PythonEmoji: EmojiSource {
    /// The Python to ask.
    package let python: String

    /// `emoji/INSTALLATION`: the stamp of the python3-emoji that would be asked, so that a build
    /// after it is installed, upgraded or removed does not pass for one with nothing to do.
    /// Found once, as the highlighter's is: a build asks for it twice.
    package let identity: String

    package init(python: String = "/usr/bin/python3") {
        self.python = python
        identity = "emoji/" + (PythonPackages.installationStamp(of: "emoji", pythons: [python]) ?? "none")
    }

    /// Each Python's answer, asked once: `galley serve` rebuilds many times.
    private static let answers = Locked<[String: Result<[String: String], EmojiUnavailable>]>([:])

    package func names() throws(EmojiUnavailable) -> [String: String] {
        if let known = Self.answers.withLock({ $0[python] }) { return try known.get() }
        let answer = Self.ask(python)
        Self.answers.withLock { $0[python] = answer }
        return try answer.get()
    }

    /// What the script says in its one frame.
    private struct Reply: Decodable {
        var names: [String: String]?
        var error: String?
    }

    private static func ask(_ python: String) -> Result<[String: String], EmojiUnavailable> {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return .failure(EmojiUnavailable("cannot talk to \(python): \(FileSystemError.explain(errno))"))
        }
        let ours = pair[0], theirs = pair[1]
        defer { close(ours) }
        let exited = ExitFlag()
        let process = Task(executorPreference: BlockingPool.shared) {
            defer { exited.set() }
            // -I: no PYTHONPATH or user site-packages, so the package found is the system's.
            let configuration = Configuration(executable: .path(FilePath(python)), arguments: Arguments(["-I", "-c", script]))
            _ = try? await Subprocess.run(configuration, input: .none,
                                          output: .fileDescriptor(FileDescriptor(rawValue: theirs), closeAfterSpawningProcess: true),
                                          error: .discarded)
        }
        defer { process.cancel() }
        let line: [UInt8]?
        do {
            line = try HelperFrames(socket: ours, exited: exited).next(timeout: .seconds(30), from: python)
        } catch {
            return .failure(EmojiUnavailable(error.message))
        }
        guard let line, let reply = try? JSONDecoder().decode(Reply.self, from: Data(line)) else {
            return .failure(EmojiUnavailable("\(python) did not list emoji names"))
        }
        guard let names = reply.names else {
            return .failure(EmojiUnavailable("\(python) has no python3-emoji (\(reply.error ?? "it did not say why"))"))
        }
        return .success(names)
    }

    /// `Scripts/emoji.py`, embedded at build time: every name, in one frame of JSON.
    static let script = String(decoding: PackageResources.emoji_py, as: UTF8.self)
}

import FileSystem
import Foundation

/// A private folder for the sockets of ssh's shared connections, made for this run with
/// `mkdtemp` (mode 0700) under `$XDG_RUNTIME_DIR` or `/tmp`: a socket at a name anyone can
/// predict, in a folder anyone can write, could be taken over by another user of the machine.
///
/// ``closeConnections()`` ends the shared connections; the folder goes with the last destination
/// that uses it. A connection nobody closed ends by itself once it has been idle a while
/// (`ControlPersist`), since closing one means running ssh, which a `deinit` cannot wait for.
final class SSHConnectionFolder: Sendable {
    let path: String

    init() throws {
        // A socket's path must fit in 108 bytes; ssh's `%C` takes 40 of them.
        var base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/tmp"
        var info = stat()
        if base.utf8.count > 50 || stat(base, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR { base = "/tmp" }
        var template = Array((base + "/galley-ssh-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DeployError("cannot make a private folder for ssh's connections in \(base): \(FileSystemError.explain(errno))")
        }
        path = String(cString: made)
    }

    /// The sockets of the shared connections now open.
    var sockets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { "\(path)/\($0)" }
    }

    /// Asks each shared connection to end, and waits until it has.
    func closeConnections() async {
        for socket in sockets {
            _ = try? await Program(["ssh", "-o", "ControlPath=\(socket)", "-O", "exit", "galley-shared-connection"]).run()
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

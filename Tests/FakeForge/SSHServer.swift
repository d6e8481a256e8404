import Foundation
import TestThreads

/// A real OpenSSH server on 127.0.0.1, with its own host key and one authorised user key, for
/// deploying over ssh to this machine. It stops when the test releases it, and in any case by
/// itself after five minutes.
public final class SSHServer {
    public let folder: URL
    public let port: Int
    private let process: Process

    /// Whether a server can be started here: the programs are installed and we are root (sshd
    /// must run as root to log anyone in).
    public static var isAvailable: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh") && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")
    }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "galley-sshd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for key in ["host", "user"] {
            try Self.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "galley-test", "-f", folder.appending(path: key).path])
        }
        try FileManager.default.copyItem(at: folder.appending(path: "user.pub"), to: folder.appending(path: "authorized_keys"))
        // The port is found free and then handed to sshd, so another server may take it in
        // between (tests run beside each other, in this process and others): then sshd cannot
        // listen and exits, and a new port is tried. Ours is the one that wrote its pid file.
        for _ in 0..<5 {
            let port = try Self.freePort()
            let process = try Self.start(in: folder, port: port)
            if try Self.listens(process, port: port, pidFile: folder.appending(path: "sshd.pid")) {
                self.port = port
                self.process = process
                return
            }
        }
        throw SSHServer.Failure("sshd did not start on a free port")
    }

    private static func start(in folder: URL, port: Int) throws -> Process {
        // HOME is the server's folder, so commands run none of this machine's startup files (bash
        // reads ~/.bashrc for a command sshd runs; here one that starts a version manager took
        // 130 ms of each). The working folder stays the user's home, as on any host.
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder.appending(path: "host").path)
            AuthorizedKeysFile \(folder.appending(path: "authorized_keys").path)
            PidFile \(folder.appending(path: "sshd.pid").path)
            PermitRootLogin prohibit-password
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            LogLevel ERROR
            SetEnv HOME=\(folder.path)

            """
        try Data(config.utf8).write(to: folder.appending(path: "sshd_config"))
        let hostKey = try String(contentsOf: folder.appending(path: "host.pub"), encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
        try Data("[127.0.0.1]:\(port) \(hostKey)\n".utf8).write(to: folder.appending(path: "known_hosts"))
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["300", "/usr/sbin/sshd", "-D", "-e", "-f", folder.appending(path: "sshd_config").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits, boundedly, until this sshd has written its pid file (it does once it listens) and
    /// the port answers; false when it exited first.
    private static func listens(_ process: Process, port: Int, pidFile: URL) throws -> Bool {
        for _ in 0..<100 {
            if !process.isRunning { return false }
            if FileManager.default.fileExists(atPath: pidFile.path) && canConnect(port) { return true }
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitWithoutSpinning()
        throw SSHServer.Failure("sshd did not start on port \(port)")
    }

    deinit {
        // Children of Foundation's Process may not see SIGTERM, so the server is killed outright.
        if let text = try? String(contentsOf: folder.appending(path: "sshd.pid"), encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGKILL)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitWithoutSpinning()
        try? FileManager.default.removeItem(at: folder)
    }

    /// An ssh command line that logs in as root with the test key and trusts the test host key.
    public var command: [String] {
        ["ssh", "-F", "/dev/null", "-p", "\(port)", "-i", folder.appending(path: "user").path, "-o", "IdentitiesOnly=yes",
         "-o", "UserKnownHostsFile=\(folder.appending(path: "known_hosts").path)"]
    }

    /// The same, but with no known host keys, as on a machine that never met this server.
    public var commandWithoutKnownHosts: [String] {
        ["ssh", "-F", "/dev/null", "-p", "\(port)", "-i", folder.appending(path: "user").path, "-o", "IdentitiesOnly=yes",
         "-o", "UserKnownHostsFile=/dev/null", "-o", "GlobalKnownHostsFile=/dev/null"]
    }

    /// Why the server could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    private static func run(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        try process.run()
        process.waitWithoutSpinning()
        guard process.terminationStatus == 0 else { throw SSHServer.Failure("\(command[0]) failed") }
    }

    /// A port nothing holds now: held a moment by a socket that never listens, then let go.
    private static func freePort() throws -> Int {
        try ClosedPort().number
    }

    private static func canConnect(_ port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

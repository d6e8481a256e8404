import Foundation

/// A destination folder on another host, reached with ssh and rsync.
///
/// ssh runs with `BatchMode=yes`: an unknown host key or a key that is not accepted fails at once
/// with a message, rather than waiting for an answer nobody can give. Every path is quoted for
/// the remote shell and comes after `--`, and a root that starts with `-` is refused, so no path
/// is ever read as an option.
public struct SSHDestination: Destination {
    /// The ssh command Galley uses unless told otherwise.
    public static let defaultCommand = ["ssh"]

    public let host: String
    public let root: String
    public let ssh: [String]
    /// Where this destination's shared ssh connection keeps its socket.
    let connections: SSHConnectionFolder

    public init(host: String, root: String, ssh: [String] = SSHDestination.defaultCommand) throws {
        guard !root.hasPrefix("-") else {
            throw DeployError("the folder '\(root)' on \(host) starts with '-', which the commands that deploy would read as an option; write it as ./\(root) or as an absolute path")
        }
        self.host = host
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.ssh = ssh.isEmpty ? Self.defaultCommand : ssh
        connections = try SSHConnectionFolder()
    }

    public var description: String { "\(host):\(root)" }

    private func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Options that keep ssh from ever asking a question, and that share one connection between
    /// the many short commands of a deploy (the shared connection closes itself after 60 s idle,
    /// or when this destination is done with).
    var batchOptions: [String] {
        ["-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15",
         "-o", "ControlMaster=auto", "-o", "ControlPath=\(connections.path)/%C", "-o", "ControlPersist=60"]
    }

    /// The command line that runs `script` with `sh` on the host.
    private func command(_ script: String) -> [String] {
        ssh + batchOptions + [host, "--", "sh -c \(Shell.quote(script))"]
    }

    /// Runs a shell script on the host and returns its standard output.
    @discardableResult
    func run(_ script: String, input: Data? = nil, allowFailure: Bool = false) throws -> (status: Int32, output: Data) {
        let result = try Subprocess.run(command(script), input: input)
        if result.status != 0 && !allowFailure {
            throw DeployError(explain(result.errorText, action: "ssh \(host)"))
        }
        return (result.status, result.output)
    }

    /// Turns ssh's and the host's terse failures into what to do about them.
    func explain(_ stderr: String, action: String) -> String {
        let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains("Host key verification failed") {
            // ssh-keyscan takes a bare host name and the port apart: no user@, no [host]:port.
            let name = host.split(separator: "@").last.map(String.init) ?? host
            let keyscan = (port.map { "ssh-keyscan -p \($0) " } ?? "ssh-keyscan ") + name
            return "\(action): the host key of \(host) is not known. Check it and add it first, for example with `\(keyscan) >> ~/.ssh/known_hosts` (compare its fingerprint, `ssh-keygen -lf ~/.ssh/known_hosts`, with the server's)"
        }
        // ssh's own refusal lists the methods it tried, `(publickey,password)`; a file the
        // login may not write gives rsync's `(13)` or a shell's bare message.
        if text.range(of: #"Permission denied \([a-z-]+(,[a-z-]+)*\)"#, options: .regularExpression) != nil {
            return "\(action): \(host) did not accept any key; give this machine a key that \(host) trusts (an ssh agent or ~/.ssh/config). ssh said: \(text)"
        }
        if text.contains("Permission denied") || text.contains("Operation not permitted") {
            return "\(action): permission denied on \(host): the user Galley logs in as may not change \(root) or something in it; give it write access there (chown or chmod), or choose a folder it owns. It said: \(text)"
        }
        return "\(action) failed: \(text.isEmpty ? "no message" : text)"
    }

    /// The port the ssh command names (`-p 2222`, `-p2222`, `-o Port=2222`), if any.
    var port: String? {
        var found: String?
        for (index, word) in ssh.enumerated() {
            let next = index + 1 < ssh.count ? ssh[index + 1] : nil
            if word == "-p" { found = next }
            else if word.hasPrefix("-p") && word.count > 2 { found = String(word.dropFirst(2)) }
            else if word == "-o", let next, next.lowercased().hasPrefix("port=") { found = String(next.dropFirst(5)) }
            else if word.lowercased().hasPrefix("-oport=") { found = String(word.dropFirst(7)) }
        }
        return found
    }

    public func read(_ relative: String) throws -> Data? {
        let file = Shell.quote(path(relative))
        let result = try run("if [ -f \(file) ]; then cat -- \(file); else exit 3; fi", allowFailure: true)
        if result.status == 3 { return nil }
        if result.status != 0 { _ = try run("cat -- \(file)") }
        return result.output
    }

    public func write(_ relative: String, _ data: Data) throws {
        let target = path(relative)
        let temporary = Shell.quote(target + ".tmp-\(UInt32.random(in: 0...UInt32.max))")
        let folder = Shell.quote((target as NSString).deletingLastPathComponent)
        try run("mkdir -p -- \(folder) && cat > \(temporary) && mv -f -- \(temporary) \(Shell.quote(target))", input: data)
    }

    public func list(_ relative: String) throws -> [String] {
        let output = try run("cd -- \(Shell.quote(path(relative))) 2>/dev/null || exit 0; for f in * .[!.]*; do [ -e \"$f\" ] || [ -L \"$f\" ] && printf '%s\\0' \"$f\"; done; true").output
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    public func linkTarget(_ relative: String) throws -> String? {
        let target = Shell.quote(path(relative))
        let result = try run("if [ -L \(target) ]; then readlink -- \(target); elif [ -e \(target) ]; then exit 4; else exit 3; fi", allowFailure: true)
        switch result.status {
        case 0: return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        case 3: return nil
        case 4: throw DeployError("\(host):\(path(relative)) is a real file or folder, not a preview Galley made; move it away first")
        default: try run("readlink -- \(target)"); return nil
        }
    }

    public func link(_ relative: String, to target: String) throws {
        let final = path(relative)
        let temporary = (final as NSString).deletingLastPathComponent + "/.\((final as NSString).lastPathComponent).link-\(UInt32.random(in: 0...UInt32.max))"
        // `mv -T` renames over the old link in one step (GNU coreutils and busybox both have it).
        try run("ln -s -- \(Shell.quote(target)) \(Shell.quote(temporary)) && mv -Tf -- \(Shell.quote(temporary)) \(Shell.quote(final))")
    }

    public func remove(_ relative: String) throws {
        try run("rm -rf -- \(Shell.quote(path(relative)))")
    }

    public func makeDirectory(_ relative: String) throws {
        try run("mkdir -p -- \(Shell.quote(path(relative)))")
    }

    public func rename(_ from: String, to: String) throws {
        try run("mv -T -- \(Shell.quote(path(from))) \(Shell.quote(path(to)))")
    }

    /// The lock is an `flock` taken by a shell on the host, which holds it until its standard
    /// input ends: when this process lets go, or when it dies and its ssh connection with it.
    /// While it waits, the shell says who holds the lock, once a second.
    public func lock(_ relative: String, holder: LockHolder, waiting: @escaping (String) -> Void) throws -> any HeldLock {
        let file = Shell.quote(path(relative))
        let script = """
            mkdir -p -- \(Shell.quote((path(relative) as NSString).deletingLastPathComponent)) && exec 9>>\(file) || exit 6
            command -v flock >/dev/null 2>&1 || exit 7
            while :; do
              flock -w 1 -E 75 9; status=$?
              [ "$status" -eq 0 ] && break
              [ "$status" -eq 75 ] || exit 6
              printf 'held %s\\n' "$(head -n 1 < \(file))"
            done
            printf '%s\\n' \(Shell.quote(holder.line)) > \(file)
            echo locked
            cat > /dev/null
            : > \(file)
            """
        let shell = try Subprocess.Running(command(script))
        var wait = LockWait(report: waiting)
        while let line = try shell.readLine() {
            if line == "locked" { return RemoteLock(shell: shell) }
            if line.hasPrefix("held ") { wait.blocked(by: String(line.dropFirst(5))) }
        }
        shell.closeInput()
        let error = String(decoding: shell.errorOutput(), as: UTF8.self)
        if shell.status == 7 {
            throw DeployError("\(host) has no flock command, which Galley needs to lock \(path(relative)) while it deploys; install util-linux there")
        }
        throw DeployError(explain(error, action: "lock \(host):\(path(relative))"))
    }

    /// The ssh session whose shell holds a remote lock.
    final class RemoteLock: HeldLock {
        private var shell: Subprocess.Running?
        init(shell: Subprocess.Running) { self.shell = shell }
        /// The local ssh process, while the lock is held.
        var pid: pid_t? { shell?.pid }
        func release() {
            guard let shell else { return }
            shell.closeInput()
            _ = shell.errorOutput()  // waits until the shell has let go
            self.shell = nil
        }
        deinit { release() }
    }

    public func removeAll(matching patterns: [String]) throws {
        // The patterns are Galley's own and stay unquoted, so that the remote shell expands them.
        for pattern in patterns {
            precondition(pattern.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "*./-_".contains($0)) }, "unsafe pattern \(pattern)")
        }
        let words = patterns.map { "\(Shell.quote(root))/\($0)" }.joined(separator: " ")
        try run("for f in \(words); do if [ -e \"$f\" ] || [ -L \"$f\" ]; then rm -rf -- \"$f\"; fi; done")
    }

    public func transfer(_ source: URL, to relative: String, linkDest: String?, checksum: Bool) throws {
        try makeDirectory(relative)
        try Rsync.run(source: source, destination: "\(host):\(path(relative))/", linkDest: linkDest, checksum: checksum, remote: self)
    }
}

/// A private folder for the sockets of ssh's shared connections, made for this run with
/// `mkdtemp` (mode 0700) under `$XDG_RUNTIME_DIR` or `/tmp`: a socket at a name anyone can
/// predict, in a folder anyone can write, could be taken over by another user of the machine.
/// When the last destination using it is gone, the shared connections are closed and the
/// folder removed.
final class SSHConnectionFolder: Sendable {
    let path: String

    init() throws {
        // A socket's path must fit in 108 bytes; ssh's `%C` takes 40 of them.
        var base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/tmp"
        var info = stat()
        if base.utf8.count > 50 || stat(base, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR { base = "/tmp" }
        var template = Array((base + "/galley-ssh-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DeployError("cannot make a private folder for ssh's connections in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit {
        let sockets = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for socket in sockets {
            _ = try? Subprocess.run(["ssh", "-o", "ControlPath=\(path)/\(socket)", "-O", "exit", "galley-shared-connection"])
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

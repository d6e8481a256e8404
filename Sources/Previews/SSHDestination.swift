import Foundation

/// A destination folder on another host, reached with ssh and rsync.
///
/// ssh runs with `BatchMode=yes`: an unknown host key or a key that is not accepted fails at once
/// with a message, rather than waiting for an answer nobody can give. Every path is quoted for
/// the remote shell and comes after `--`, and a root that starts with `-` is refused, so no path
/// is ever read as an option.
package struct SSHDestination: Destination {
    /// The ssh command Galley uses unless told otherwise.
    package static let defaultCommand = ["ssh"]

    package let host: String
    package let root: String
    package let ssh: [String]
    /// Where this destination's shared ssh connection keeps its socket.
    let connections: SSHConnectionFolder

    package init(host: String, root: String, ssh: [String] = SSHDestination.defaultCommand) throws {
        var root = root
        // The commands Galley runs there quote every path, so no shell would expand `~`: as
        // rsync and scp read it, `~/previews` is the folder in the login's home, where commands
        // start. Another user's `~name` is not there to start from.
        if root == "~" || root.hasPrefix("~/") {
            // `~//x` is the home's x too, never the `/x` at the top of the host.
            root = String(root.dropFirst().drop { $0 == "/" })
            if root.isEmpty { root = "." }
        }
        guard !root.hasPrefix("~") else {
            throw DeployError("the folder '\(root)' on \(host) starts with '~', which Galley does not expand for another user; write the folder's full path",
                              aboutOptions: true)
        }
        guard !root.hasPrefix("-") else {
            throw DeployError("the folder '\(root)' on \(host) starts with '-', which the commands that deploy would read as an option; write it as ./\(root) or as an absolute path", aboutOptions: true)
        }
        self.host = host
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.ssh = ssh.isEmpty ? Self.defaultCommand : ssh
        connections = try SSHConnectionFolder()
    }

    package var description: String { "\(host):\(root)" }

    func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Options that keep ssh from ever asking a question, and that share one connection between
    /// the many short commands of a deploy (the shared connection closes itself after 60 s idle,
    /// or when this destination is done with).
    var batchOptions: [String] {
        ["-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15",
         "-o", "ControlMaster=auto", "-o", "ControlPath=\(connections.path)/%C", "-o", "ControlPersist=60"]
    }

    /// The command line that runs `script` with `sh` on the host.
    func command(_ script: String) -> [String] {
        ssh + batchOptions + [host, "--", "sh -c \(Shell.quote(script))"]
    }

    /// Runs a shell script on the host and returns its standard output.
    @discardableResult
    func run(_ script: String, input: Data? = nil, allowFailure: Bool = false) async throws -> (status: Int32, output: Data) {
        let result: Program.Result
        do {
            result = try await Program(command(script)).run(input: input)
        } catch let error as ProgramError {
            throw DeployError("\(error); install OpenSSH's client")
        }
        if result.status != 0 && !allowFailure {
            throw DeployError(explain(result.errorText, action: "ssh \(host)"))
        }
        return (result.status, result.output)
    }

    /// Turns ssh's and the host's terse failures into what to do about them.
    func explain(_ stderr: String, action: String) -> String {
        let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains("REMOTE HOST IDENTIFICATION HAS CHANGED") || text.contains("Host key for") && text.contains("has changed") {
            // Never suggest ssh-keyscan here: it would fetch, and so trust, whatever key answers now.
            let name = host.split(separator: "@").last.map(String.init) ?? host
            let entry = port.map { "[\(name)]:\($0)" } ?? name
            return "\(action): the host key of \(host) has CHANGED since it was trusted. Someone may be intercepting the connection, or the server was reinstalled. Nothing was deployed. Ask the server's administrator for its key fingerprint; only once it matches, remove the old key with `ssh-keygen -R \(Shell.quote(entry))` and add the new one"
        }
        if text.contains("Host key verification failed") {
            // ssh-keyscan takes a bare host name and the port apart: no user@, no [host]:port.
            let name = host.split(separator: "@").last.map(String.init) ?? host
            let keyscan = (port.map { "ssh-keyscan -p \($0) " } ?? "ssh-keyscan ") + name
            // The file the ssh command reads keys from, when it names one.
            let file = knownHostsFile.map(Shell.quote) ?? "~/.ssh/known_hosts"
            return "\(action): the host key of \(host) is not known. Check it and add it first, for example with `\(keyscan) >> \(file)` (compare its fingerprint, `ssh-keygen -lf \(file)`, with the server's)"
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
            let next: String? = index + 1 < ssh.count ? ssh[index + 1] : nil
            if word == "-p" { found = next }
            else if word.hasPrefix("-p") && word.count > 2 { found = String(word.dropFirst(2)) }
            else if word == "-o", let next, next.lowercased().hasPrefix("port=") { found = String(next.dropFirst(5)) }
            else if word.lowercased().hasPrefix("-oport=") { found = String(word.dropFirst(7)) }
        }
        return found
    }

    /// The known-hosts file the ssh command names (`-o UserKnownHostsFile=FILE`), if any: the
    /// first of a list, as ssh reads it.
    var knownHostsFile: String? {
        var found: String?
        for (index, word) in ssh.enumerated() {
            let option: String
            if word == "-o", index + 1 < ssh.count { option = ssh[index + 1] } else if word.hasPrefix("-o") { option = String(word.dropFirst(2)) } else { continue }
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "userknownhostsfile" else { continue }
            found = parts[1].split(separator: " ").first.map(String.init)
        }
        return found
    }

    package func read(_ relative: String) async throws -> Data? {
        let file = Shell.quote(path(relative))
        let result = try await run("if [ -f \(file) ]; then cat -- \(file); else exit 3; fi", allowFailure: true)
        if result.status == 3 { return nil }
        if result.status != 0 { _ = try await run("cat -- \(file)") }
        return result.output
    }

    package func write(_ relative: String, _ data: Data) async throws {
        let target = path(relative)
        let temporary = Shell.quote(target + ".tmp-\(UInt32.random(in: 0...UInt32.max))")
        let folder = Shell.quote((target as NSString).deletingLastPathComponent)
        try await run("mkdir -p -- \(folder) && cat > \(temporary) && mv -f -- \(temporary) \(Shell.quote(target))", input: data)
    }

    package func isFolder() async throws -> Bool {
        try await run("[ -d \(Shell.quote(root)) ]", allowFailure: true).status == 0
    }

    package func list(_ relative: String) async throws -> [String] {
        let output = try await run("cd -- \(Shell.quote(path(relative))) 2>/dev/null || exit 0; for f in * .[!.]*; do [ -e \"$f\" ] || [ -L \"$f\" ] && printf '%s\\0' \"$f\"; done; true").output
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    package func linkTarget(_ relative: String) async throws -> String? {
        let target = Shell.quote(path(relative))
        let result = try await run("if [ -L \(target) ]; then readlink -- \(target); elif [ -e \(target) ]; then exit 4; else exit 3; fi", allowFailure: true)
        switch result.status {
        case 0: return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        case 3: return nil
        case 4: throw DeployError("\(host):\(path(relative)) is a real file or folder, not a preview Galley made; move it away first")
        default: try await run("readlink -- \(target)"); return nil
        }
    }

    package func link(_ relative: String, to target: String) async throws {
        let final = path(relative)
        let temporary = (final as NSString).deletingLastPathComponent + "/.\((final as NSString).lastPathComponent).link-\(UInt32.random(in: 0...UInt32.max))"
        // `mv -T` renames over the old link in one step (GNU coreutils and busybox both have it).
        try await run("ln -s -- \(Shell.quote(target)) \(Shell.quote(temporary)) && mv -Tf -- \(Shell.quote(temporary)) \(Shell.quote(final))")
    }

    package func remove(_ relative: String) async throws {
        try await run("rm -rf -- \(Shell.quote(path(relative)))")
    }

    package func makeDirectory(_ relative: String) async throws {
        try await run("mkdir -p -- \(Shell.quote(path(relative)))")
    }

    package func rename(_ from: String, to: String) async throws {
        try await run("mv -T -- \(Shell.quote(path(from))) \(Shell.quote(path(to)))")
    }

    package func removeAll(matching patterns: [String]) async throws {
        // The patterns are Galley's own and stay unquoted, so that the remote shell expands them.
        for pattern in patterns {
            precondition(pattern.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "*./-_".contains($0)) }, "unsafe pattern \(pattern)")
        }
        let words = patterns.map { "\(Shell.quote(root))/\($0)" }.joined(separator: " ")
        try await run("for f in \(words); do if [ -e \"$f\" ] || [ -L \"$f\" ]; then rm -rf -- \"$f\"; fi; done")
    }

    package func storedFiles(under relatives: [String]) async throws -> [StoredFile] {
        // GNU find's -printf; a folder that is missing is skipped rather than an error.
        let folders = relatives.map { Shell.quote(path($0)) }.joined(separator: " ")
        let script = "for d in \(folders); do [ -d \"$d\" ] || continue; find \"$d\" -type f -printf '%D %i %n %b\\n' || exit 1; done"
        return StoredFile.parse(findOutput: String(decoding: try await run(script).output, as: UTF8.self))
    }

    package func disconnect() async {
        await connections.closeConnections()
    }

    package func transfer(_ source: URL, to relative: String, linkDests: [String], checksum: Bool) async throws {
        try await makeDirectory(relative)
        try await Rsync.run(source: source, destination: "\(host):\(path(relative))/", linkDests: linkDests, checksum: checksum, remote: self)
    }

    package func sharedPath(of relative: String, in other: any Destination) async -> String? {
        // The same login on the same host, by the same ssh command, and absolute paths: rsync on
        // the host resolves a relative --link-dest from the folder it writes, not from the login's.
        guard let other = other as? SSHDestination, other.host == host, other.ssh == ssh, other.root.hasPrefix("/"), root.hasPrefix("/") else { return nil }
        let theirs = other.path(relative)
        // GNU's and busybox's stat both take -c; one device number for both means one file system.
        guard let result = try? await run("stat -L -c %d -- \(Shell.quote(root)) \(Shell.quote(theirs))", allowFailure: true), result.status == 0 else { return nil }
        let devices = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        return devices.count == 2 && devices[0] == devices[1] ? theirs : nil
    }
}

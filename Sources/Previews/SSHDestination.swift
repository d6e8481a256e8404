import Foundation

/// A destination folder on another host, reached with ssh and rsync.
///
/// ssh runs with `BatchMode=yes`: an unknown host key or a key that is not accepted fails at once
/// with a message, rather than waiting for an answer nobody can give.
public struct SSHDestination: Destination {
    /// The ssh command Galley uses unless told otherwise.
    public static let defaultCommand = ["ssh"]
    /// Options that keep ssh from ever asking a question, and that share one connection between
    /// the many short commands of a deploy (the shared connection closes itself after 60 s idle).
    static let batchOptions = [
        "-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15",
        "-o", "ControlMaster=auto", "-o", "ControlPath=/tmp/galley-ssh-%C", "-o", "ControlPersist=60",
    ]

    public let host: String
    public let root: String
    public let ssh: [String]

    public init(host: String, root: String, ssh: [String] = SSHDestination.defaultCommand) {
        self.host = host
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.ssh = ssh.isEmpty ? Self.defaultCommand : ssh
    }

    public var description: String { "\(host):\(root)" }

    private func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Runs a shell script on the host and returns its standard output.
    @discardableResult
    func run(_ script: String, input: Data? = nil, allowFailure: Bool = false) throws -> (status: Int32, output: Data) {
        let command = ssh + Self.batchOptions + [host, "--", "sh -c \(Shell.quote(script))"]
        let result = try Subprocess.run(command, input: input)
        if result.status != 0 && !allowFailure {
            throw DeployError(Self.explain(result.errorText, host: host, action: "ssh \(host)"))
        }
        return (result.status, result.output)
    }

    /// Turns ssh's terse failures into what to do about them.
    static func explain(_ stderr: String, host: String, action: String) -> String {
        let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains("Host key verification failed") {
            return "\(action): the host key of \(host) is not known. Check it and add it first, for example with `ssh-keyscan \(host) >> ~/.ssh/known_hosts`"
        }
        if text.contains("Permission denied") {
            return "\(action): \(host) did not accept any key; give this machine a key that \(host) trusts (an ssh agent or ~/.ssh/config). ssh said: \(text)"
        }
        return "\(action) failed: \(text.isEmpty ? "no message" : text)"
    }

    public func read(_ relative: String) throws -> Data? {
        let result = try run("if [ -f \(Shell.quote(path(relative))) ]; then cat \(Shell.quote(path(relative))); else exit 3; fi", allowFailure: true)
        if result.status == 3 { return nil }
        if result.status != 0 { _ = try run("cat \(Shell.quote(path(relative)))") }
        return result.output
    }

    public func write(_ relative: String, _ data: Data) throws {
        let target = path(relative)
        let temporary = target + ".tmp-\(UInt32.random(in: 0...UInt32.max))"
        try run("mkdir -p \(Shell.quote((target as NSString).deletingLastPathComponent)) && cat > \(Shell.quote(temporary)) && mv -f \(Shell.quote(temporary)) \(Shell.quote(target))", input: data)
    }

    public func list(_ relative: String) throws -> [String] {
        let output = try run("cd \(Shell.quote(path(relative))) 2>/dev/null || exit 0; for f in * .[!.]*; do [ -e \"$f\" ] || [ -L \"$f\" ] && printf '%s\\0' \"$f\"; done; true").output
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    public func linkTarget(_ relative: String) throws -> String? {
        let target = Shell.quote(path(relative))
        let result = try run("if [ -L \(target) ]; then readlink \(target); elif [ -e \(target) ]; then exit 4; else exit 3; fi", allowFailure: true)
        switch result.status {
        case 0: return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        case 3: return nil
        case 4: throw DeployError("\(host):\(path(relative)) is a real file or folder, not a preview Galley made; move it away first")
        default: try run("readlink \(target)"); return nil
        }
    }

    public func link(_ relative: String, to target: String) throws {
        let final = path(relative)
        let temporary = (final as NSString).deletingLastPathComponent + "/.\((final as NSString).lastPathComponent).link-\(UInt32.random(in: 0...UInt32.max))"
        // `mv -T` renames over the old link in one step (GNU coreutils and busybox both have it).
        try run("ln -s \(Shell.quote(target)) \(Shell.quote(temporary)) && mv -Tf \(Shell.quote(temporary)) \(Shell.quote(final))")
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

    public func createExclusively(_ relative: String) throws -> Bool {
        let target = path(relative)
        let result = try run("mkdir -p -- \(Shell.quote((target as NSString).deletingLastPathComponent)) && mkdir -- \(Shell.quote(target)) 2>/dev/null || exit 5", allowFailure: true)
        if result.status == 5 { return false }
        if result.status != 0 { try run("true") }
        return true
    }

    public func age(_ relative: String) throws -> TimeInterval? {
        let result = try run("[ -e \(Shell.quote(path(relative))) ] || exit 3; echo $(( $(date +%s) - $(stat -c %Y \(Shell.quote(path(relative)))) ))", allowFailure: true)
        guard result.status == 0 else { return nil }
        return TimeInterval(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public func transfer(_ source: URL, to relative: String, linkDest: String?, checksum: Bool) throws {
        try makeDirectory(relative)
        try Rsync.run(source: source, destination: "\(host):\(path(relative))/", linkDest: linkDest, checksum: checksum, ssh: ssh + Self.batchOptions)
    }
}

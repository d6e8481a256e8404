import Foundation

/// The real rsync, run with the options a site deploy needs.
enum Rsync {
    /// Copies the contents of `source` into `destination` (`/path/` or `host:/path/`).
    ///
    /// `-rlt` keeps links as links and keeps modification times, so an unchanged file is never
    /// sent twice; `--safe-links` drops links that point outside the tree; `--delete` removes what
    /// the build no longer has; `--link-dest` hard-links files identical to the live release.
    /// `checksum` compares contents rather than times, for a first build on a fresh machine.
    static func run(source: URL, destination: String, linkDest: String?, checksum: Bool, ssh: [String]?) throws {
        // `--modify-window=-1` compares times to the nanosecond: two builds in the same second
        // that change a file without changing its size must not look alike.
        var command = ["rsync", "-rlt", "--modify-window=-1", "--safe-links", "--delete", "--chmod=D755,F644", "--omit-dir-times"]
        if checksum { command.append("--checksum") }
        if let linkDest { command.append("--link-dest=\(linkDest)") }
        if let ssh { command += ["-e", ssh.map(Shell.quote).joined(separator: " ")] }
        command += [source.standardizedFileURL.path + "/", destination]
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(command)
        } catch {
            throw DeployError("cannot run rsync (\(error)); install it (scripts/bootstrap does)")
        }
        guard result.status == 0 else {
            let host = destination.split(separator: ":").first.map(String.init) ?? destination
            throw DeployError(SSHDestination.explain(result.errorText, host: host, action: "rsync to \(destination)"))
        }
    }
}

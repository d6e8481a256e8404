import Foundation

/// The real rsync, run with the options a site deploy needs.
enum Rsync {
    /// Copies the contents of `source` into `destination` (`/path/`, or `host:/path/` for `remote`).
    ///
    /// `-rlt` keeps links as links and keeps modification times, so an unchanged file is never
    /// sent twice; `--safe-links` drops links that point outside the tree; `--delete` removes what
    /// the build no longer has; `--link-dest` hard-links files identical to the live release's
    /// (or production's, or another preview's).
    /// `checksum` compares contents rather than times, for a first build on a fresh machine.
    /// `-s` (`--protect-args`) hands the remote path to the remote rsync as it is: rsyncs before
    /// 3.2.4 otherwise let the remote shell split and expand it.
    static func run(source: URL, destination: String, linkDests: [String], checksum: Bool, remote: SSHDestination?) async throws {
        // `--modify-window=-1` compares times to the nanosecond: two builds in the same second
        // that change a file without changing its size must not look alike.
        var command = ["rsync", "-rlt", "-s", "--modify-window=-1", "--safe-links", "--delete", "--chmod=D755,F644", "--omit-dir-times"]
        if checksum { command.append("--checksum") }
        // rsync takes up to 20; the first that has an identical file gives the link.
        command += linkDests.prefix(20).map { "--link-dest=\($0)" }
        if let remote { command += ["-e", (remote.ssh + remote.batchOptions).map(Shell.rsyncQuote).joined(separator: " ")] }
        command += ["--", source.standardizedFileURL.path + "/", destination]
        let result: Program.Result
        do {
            result = try await Program(command).run(whenCancelled: .stop)
        } catch let error as ProgramError {
            throw DeployError("\(error); install rsync (scripts/bootstrap does)")
        }
        guard result.status == 0 else {
            let action = "rsync to \(destination)"
            let text = result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw DeployError(remote?.explain(text, action: action) ?? "\(action) failed: \(text.isEmpty ? "no message" : text)")
        }
    }
}

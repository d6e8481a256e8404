import Foundation

extension SSHDestination {
    /// The lock is an `flock` taken by a shell on the host, which holds it until its standard
    /// input ends: when this process lets go, or when it dies and its ssh connection with it.
    /// While it waits, the shell says who holds the lock, once a second.
    package func withLock<T: Sendable>(_ relative: String, holder: LockHolder, waiting: @escaping @Sendable (String) -> Void,
                                      _ body: () async throws -> T) async throws -> T {
        try await withLock(relative, holder: holder, waiting: waiting, taken: { _ in }, body)
    }

    /// The same, telling `taken` the local ssh process that holds the lock once it does.
    func withLock<T: Sendable>(_ relative: String, holder: LockHolder, waiting: @escaping @Sendable (String) -> Void,
                               taken: @Sendable (pid_t) -> Void, _ body: () async throws -> T) async throws -> T {
        let shell = RemoteLockShell(command: command(lockScript(relative, holder: holder)), waiting: waiting)
        let processID = try await shell.waitUntilLocked(failure: { status, error in
            if status == 7 {
                return DeployError("\(host) has no flock command, which Galley needs to lock \(path(relative)) while it deploys; install util-linux there")
            }
            return DeployError(explain(error, action: "lock \(host):\(path(relative))"))
        })
        taken(processID)
        do {
            let value = try await body()
            await shell.release()
            return value
        } catch {
            await shell.release()
            throw error
        }
    }

    /// The script that takes the lock in `relative`, says `locked`, and holds it until its input ends.
    private func lockScript(_ relative: String, holder: LockHolder) -> String {
        let file = Shell.quote(path(relative))
        // The holder's line is cut short, so that a lock file nobody wrote stays one short line.
        return """
            mkdir -p -- \(Shell.quote((path(relative) as NSString).deletingLastPathComponent)) && exec 9>>\(file) || exit 6
            command -v flock >/dev/null 2>&1 || exit 7
            while :; do
              flock -w 1 -E 75 9; status=$?
              [ "$status" -eq 0 ] && break
              [ "$status" -eq 75 ] || exit 6
              printf 'held %s\\n' "$(head -c 1024 < \(file) | head -n 1)"
            done
            printf '%s\\n' \(Shell.quote(holder.line)) > \(file)
            echo locked
            cat > /dev/null
            : > \(file)
            """
    }
}

/// The ssh session whose remote shell takes and holds a lock.
///
/// It runs in a task of its own: swift-subprocess kills a program as soon as the task running
/// it is cancelled, and a deploy cancelled while it holds the lock must keep it until it has
/// cleaned up. A task cancelled while it still waits for the lock stops waiting.
private struct RemoteLockShell: Sendable {
    private enum Event: Sendable {
        case held(by: String)
        case locked(pid_t)
    }

    private let task: Task<Program.Result, any Error>
    private let events: AsyncStream<Event>
    private let letGo: AsyncStream<Void>.Continuation

    init(command: [String], waiting: @escaping @Sendable (String) -> Void) {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let (released, letGo) = AsyncStream.makeStream(of: Void.self)
        self.events = events
        self.letGo = letGo
        task = Task {
            defer { tell.finish() }
            return try await Program(command).withInputOpen { session in
                var wait = LockWait(report: waiting)
                for try await line in session.lines {
                    if line == "locked" {
                        tell.yield(.locked(session.processID))
                        for await _ in released {}
                        return
                    }
                    if line.hasPrefix("held ") { wait.blocked(by: String(line.dropFirst(5))) }
                }
            }.result
        }
    }

    /// Waits until the shell holds the lock and returns its local ssh process; throws what
    /// `failure` makes of the shell's exit status and standard error when it ends without it.
    func waitUntilLocked(failure: (Int32, String) -> DeployError) async throws -> pid_t {
        let task = task
        let locked: pid_t? = await withTaskCancellationHandler {
            for await event in events {
                if case .locked(let processID) = event { return processID }
            }
            return nil
        } onCancel: {
            task.cancel()
        }
        if let locked, !Task.isCancelled { return locked }
        await release()
        try Task.checkCancellation()
        let result = try await task.value
        throw failure(result.status, result.errorText)
    }

    /// Ends the shell's input, and waits until it has let the lock go and exited.
    func release() async {
        letGo.finish()
        _ = try? await task.value
    }
}

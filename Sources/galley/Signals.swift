import Blocking
import Dispatch
import Foundation

/// Galley's one signal handler: turns SIGTERM (`systemctl stop`, a CI job cancelled) and SIGINT
/// (Ctrl-C) into the cancellation of a task, for every command that runs until stopped or must
/// clean up (`deploy`, `watch`, `serve`, `build --watch`). So a deploy stops its transfer,
/// removes the release it was copying in and lets go of the destination's lock, and a server
/// shuts down gracefully, before the process ends. A second signal ends the process at once.
final class SignalCancellation: Sendable {
    private let received = Locked<Int32?>(nil)

    /// The first signal that came, if any.
    var signal: Int32? { received.withLock { $0 } }

    /// The exit status of a process ended by the signal that came: 128 plus its number.
    var exitStatus: Int32 { 128 + (signal ?? SIGTERM) }

    /// Runs `operation` in a task that the first SIGTERM or SIGINT cancels.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await operation() }
        let sources = [SIGTERM, SIGINT].map { number in
            Foundation.signal(number, SIG_IGN)  // handled below instead of ending the process
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                let first = received.withLock { received -> Bool in
                    guard received == nil else { return false }
                    received = number
                    return true
                }
                if first { task.cancel() } else { exit(128 + number) }
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            Foundation.signal(SIGTERM, SIG_DFL)
            Foundation.signal(SIGINT, SIG_DFL)
        }
        return try await task.value
    }
}

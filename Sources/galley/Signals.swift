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
    ///
    /// The operation starts only once both signal sources are installed: until libdispatch has
    /// installed a source (on its own thread, a moment after `resume`), the signal is ignored,
    /// and a SIGTERM sent as soon as a deploy had started its first ssh was lost (the deploy
    /// ran to the end). libdispatch puts its own handler in place once a process; a second run
    /// puts that handler back rather than ignoring the signal.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Locked<Task<T, any Error>?>(nil)
        let sources = [SIGTERM, SIGINT].map { number in
            if let handler = Self.dispatchHandlers.withLock({ $0[number] }) {
                var action = handler
                sigaction(number, &action, nil)
            } else {
                Foundation.signal(number, SIG_IGN)  // handled below instead of ending the process
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                let first = received.withLock { received -> Bool in
                    guard received == nil else { return false }
                    received = number
                    return true
                }
                if first { task.withLock { $0 }?.cancel() } else { exit(128 + number) }
            }
            return (number, source)
        }
        await withCheckedContinuation { (installed: CheckedContinuation<Void, Never>) in
            let remaining = Locked(sources.count)
            for (number, source) in sources {
                source.setRegistrationHandler {
                    Self.dispatchHandlers.withLock { handlers in
                        var action = sigaction()
                        if handlers[number] == nil, sigaction(number, nil, &action) == 0 { handlers[number] = action }
                    }
                    if remaining.withLock({ count -> Bool in
                        count -= 1
                        return count == 0
                    }) { installed.resume() }
                }
                source.resume()
            }
        }
        defer {
            for (_, source) in sources { source.cancel() }
            Foundation.signal(SIGTERM, SIG_DFL)
            Foundation.signal(SIGINT, SIG_DFL)
        }
        let running = Task { try await operation() }
        task.withLock { $0 = running }
        // A signal that came while the sources were being installed stops it at once.
        if signal != nil { running.cancel() }
        return try await running.value
    }

    /// The handler libdispatch installed for each signal, the first time one of its sources
    /// for it was installed: it installs it once a process.
    private static let dispatchHandlers = Locked<[Int32: sigaction]>([:])
}

import Foundation

/// Prints how long each phase of a build took when `GALLEY_TIMINGS` is set, for profiling
/// builds (scripts/bench uses it); silent otherwise.
struct PhaseTimer: @unchecked Sendable {
    private let enabled = ProcessInfo.processInfo.environment["GALLEY_TIMINGS"] != nil
    private var last = ContinuousClock.now

    mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let label = phase.padding(toLength: 30, withPad: " ", startingAt: 0)
        FileHandle.standardError.write(Data((label + String(format: "%8.1f ms\n", milliseconds)).utf8))
        last = now
    }
}

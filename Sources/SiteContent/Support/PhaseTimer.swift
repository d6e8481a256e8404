import Foundation

/// Prints how long each phase of a build took when `GALLEY_TIMINGS` is set, for profiling
/// builds (scripts/bench uses it); silent otherwise.
///
/// Each line has the wall time and the CPU time of the whole process (user and system, every
/// thread) over the phase: CPU above wall means the phase used more than one core, and a high
/// system share points at the file system rather than our code.
package struct PhaseTimer: Sendable {
    private let enabled = ProcessInfo.processInfo.environment["GALLEY_TIMINGS"] != nil
    private var last = ContinuousClock.now
    private var lastCPU = PhaseTimer.cpu()

    package init() {}

    package mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let cpu = Self.cpu()
        let elapsed = now - last
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let label = phase.padding(toLength: 30, withPad: " ", startingAt: 0)
        let line = label + String(format: "%8.1f ms   cpu %7.1f ms (sys %6.1f)\n", milliseconds,
                                  (cpu.user + cpu.system - lastCPU.user - lastCPU.system) * 1000,
                                  (cpu.system - lastCPU.system) * 1000)
        FileHandle.standardError.write(Data(line.utf8))
        last = now
        lastCPU = cpu
    }

    private static func cpu() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}

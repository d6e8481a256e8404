import Synchronization

/// Counts finished pages across threads and reports every so often.
package final class ProgressCounter: Sendable {
    private let done = Atomic<Int>(0)
    private let total: Int
    private let report: BuildProgress?

    package init(total: Int, report: BuildProgress?) {
        self.total = total
        self.report = report
    }

    package func step() {
        guard let report else { return }
        let current = done.wrappingAdd(1, ordering: .relaxed).newValue
        if current % 250 == 0 || current == total { report(current, total) }
    }
}

/// Receives progress while a long build renders, for a terminal to show.
package typealias BuildProgress = @Sendable (_ done: Int, _ total: Int) -> Void

import Foundation

/// Counts finished pages across threads and reports every so often.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: BuildProgress?

    init(total: Int, report: BuildProgress?) {
        self.total = total
        self.report = report
    }

    func step() {
        guard let report else { return }
        lock.lock()
        done += 1
        let current = done
        lock.unlock()
        if current % 250 == 0 || current == total { report(current, total) }
    }
}

/// Receives progress while a long build renders, for a terminal to show.
public typealias BuildProgress = @Sendable (_ done: Int, _ total: Int) -> Void

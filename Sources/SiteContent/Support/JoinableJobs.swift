import Synchronization

/// Jobs that another thread starts on at once and that the caller joins once it is free, each
/// thread taking the next job not yet taken: for work that should keep to one core while the
/// others do something else, and still use them all at the end.
package final class JoinableJobs<Result: Sendable>: @unchecked Sendable {
    private let jobs: [@Sendable () -> Result]
    private let next = Atomic<Int>(0)
    // Each slot is written by the one thread that took its job, and read after both are done.
    private let slots: UnsafeMutableBufferPointer<Result?>
    // Set once, in init, before anyone can call `results()`.
    private var other: Background<Void>?

    package init(_ jobs: [@Sendable () -> Result]) {
        self.jobs = jobs
        slots = .allocate(capacity: jobs.count)
        slots.initialize(repeating: nil)
        other = Background { self.work() }
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    private func work() {
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < jobs.count else { return }
            slots[index] = jobs[index]()
        }
    }

    /// Takes jobs until none is left, waits for the other thread's last one, and returns every
    /// job's result in the jobs' order.
    package func results() -> [Result] {
        work()
        other?.wait()
        return slots.map { $0! }
    }
}

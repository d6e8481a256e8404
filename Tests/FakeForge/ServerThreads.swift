import Foundation

/// Threads of their own for the servers tests start in their process, as a `TaskExecutor`.
///
/// Swift Testing runs a synchronous test on one of the threads every task shares (one a core),
/// and many tests here wait seconds on programs they start: in a whole run, a server's task
/// could wait its turn behind them for longer than the client that asked it would wait.
public final class ServerThreads: TaskExecutor, @unchecked Sendable {
    /// The threads every test server of this process shares.
    public static let shared = ServerThreads(count: 2)

    // `jobs` and `next` are only touched with `condition` locked: hence `@unchecked Sendable`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(count: Int) {
        for number in 0..<count {
            let thread = Thread { [self] in serve() }
            thread.name = "test servers \(number)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // Taken in turn by index, and the array emptied once all are taken, rather than
            // removing the first of a long queue each time.
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

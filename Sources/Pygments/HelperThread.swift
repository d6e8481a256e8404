import Foundation

/// A task executor with one thread of its own, for the tasks that start and watch helper
/// programs.
///
/// Builds are synchronous and often run on threads of Swift's cooperative pool (every test
/// does): a build that waits for its highlighter there must not also need a thread of that pool
/// to start the highlighter, or two such builds on a two-core machine wait for each other
/// forever. Tasks that prefer this executor never need one.
final class HelperThread: TaskExecutor, @unchecked Sendable {
    /// The one helper thread, started when first used.
    static let shared = HelperThread()

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "galley-helpers"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

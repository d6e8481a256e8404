import Foundation

/// The one place Galley runs blocking work: a build, a libgit2 fetch, removing a big folder, a
/// wait on a helper process. Async code hands such work here and waits without holding one of
/// the threads Swift's tasks share, which are one a core: a build on one of those would hold up
/// every other task (a lock's ssh, rsync's output, the other branches, the server's requests).
///
/// The pool is also a `TaskExecutor`, for the tasks that start and watch helper programs: a
/// synchronous build waiting for its highlighter must not need a shared thread to start it.
///
/// A thread is started when work comes and every thread is busy, so work never waits for other
/// work to finish (a build that waits for its highlighter's helper, which itself runs here,
/// cannot deadlock); a thread idle for a while ends. Objects that must stay on one thread, such
/// as a libgit2 repository, are made and dropped inside the work.
package final class BlockingPool: TaskExecutor, @unchecked Sendable {
    /// The pool every part of Galley uses.
    package static let shared = BlockingPool()

    // All guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var idle = 0
    private var threads = 0

    /// How long a thread with nothing to do waits before it ends.
    let idleTimeout: TimeInterval
    /// Each thread's stack: as much as the dispatch threads the compiler's parallel work runs on.
    static let stackSize = 8 << 20

    init(idleTimeout: TimeInterval = 10) {
        self.idleTimeout = idleTimeout
    }

    /// The value of `work`, run on a thread of the pool.
    package func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            submit {
                do throws(E) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The value of `work`, run on a thread of the pool; nil at once if the task is cancelled
    /// first. The work itself goes on to its end, but nothing waits for it any more: for a build
    /// that a Ctrl-C must not have to wait out.
    package func runUnlessCancelled<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let waiter = Waiter<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard waiter.wait(with: continuation) else { return }
                submit { waiter.finish(work()) }
            }
        } onCancel: {
            waiter.finish(nil)
        }
    }

    /// Runs `work` on a thread of the pool and does not wait for it.
    package func detach(_ work: @escaping @Sendable () -> Void) {
        submit(work)
    }

    /// How many threads the pool has now, busy or idle.
    package var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        submit { job.runSynchronously(on: executor) }
    }

    private func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(work)
        // Work never waits for other work: with no idle thread to take it, one more starts.
        let start = idle < queue.count
        if start { threads += 1 } else { condition.signal() }
        condition.unlock()
        if start {
            let thread = Thread { [self] in serve() }
            thread.name = "galley-blocking"
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    private func serve() {
        condition.lock()
        while true {
            if queue.isEmpty {
                idle += 1
                let deadline = Date().addingTimeInterval(idleTimeout)
                while queue.isEmpty, condition.wait(until: deadline) {}
                idle -= 1
                if queue.isEmpty {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            let work = queue.removeFirst()
            condition.unlock()
            work()
            condition.lock()
        }
    }
}

/// The one continuation of ``BlockingPool/runUnlessCancelled(_:)``, resumed by whichever comes
/// first: the work's end or the task's cancellation.
private final class Waiter<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T?, Never>?
    private var finished = false

    /// Keeps `continuation` for ``finish(_:)``; false (having resumed it with nil) when the
    /// task was cancelled before it came.
    func wait(with continuation: CheckedContinuation<T?, Never>) -> Bool {
        lock.lock()
        if finished {
            lock.unlock()
            continuation.resume(returning: nil)
            return false
        }
        self.continuation = continuation
        lock.unlock()
        return true
    }

    func finish(_ value: T?) {
        lock.lock()
        finished = true
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}

import Dispatch
import FileSystem
import Foundation
import Synchronization

// `Parallel.map` is in FileSystem, below the source trees that use it too.
extension Parallel {
    /// Lets go of `value` on another thread. Freeing a big blog's build (tens of thousands of
    /// strings and dictionaries) takes tens of milliseconds that nobody needs to wait for; a
    /// command that exits meanwhile leaves it to the system.
    static func release(_ value: some Sendable) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }
}

/// Jobs that another thread starts on at once and that the caller joins once it is free, each
/// thread taking the next job not yet taken: for work that should keep to one core while the
/// others do something else, and still use them all at the end.
final class JoinableJobs<Result: Sendable>: @unchecked Sendable {
    private let jobs: [@Sendable () -> Result]
    private let next = Atomic<Int>(0)
    // Each slot is written by the one thread that took its job, and read after both are done.
    private let slots: UnsafeMutableBufferPointer<Result?>
    // Set once, in init, before anyone can call `results()`.
    private var other: Background<Void>?

    init(_ jobs: [@Sendable () -> Result]) {
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
    func results() -> [Result] {
        work()
        other?.wait()
        return slots.map { $0! }
    }
}

/// Layout values (dictionaries of `Any`) that are built once and then only read, shared with the
/// threads that render pages.
struct ReadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Work started on another thread now, its result collected later: for work that can overlap
/// with a build's next phase.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    // Written once by the worker before `leave`, read only after `wait`.
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.group.leave()
        }
    }

    func wait() -> Value {
        group.wait()
        return value!
    }
}

/// A value made by whichever thread first asks for it, once.
final class Once<Value: Sendable>: Sendable {
    // A Mutex lives inline, where an NSLock is an object of its own: a big blog has one of
    // these for each post.
    private let state: Mutex<(made: Value?, make: (@Sendable () -> Value)?)>

    init(_ make: @escaping @Sendable () -> Value) { state = Mutex((nil, make)) }

    /// A value already made.
    init(value: Value) { state = Mutex((value, nil)) }

    var value: Value {
        state.withLock { state in
            if let made = state.made { return made }
            let value = state.make!()
            state = (value, nil)
            return value
        }
    }
}

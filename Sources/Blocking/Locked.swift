import Glibc

/// A value that threads take turns at, as Synchronization's `Mutex` holds one, but locked with
/// a `pthread_mutex_t`: ThreadSanitizer sees through the C library's locks, and not through
/// `Mutex`, whose locking lives in a standard library built without it, so every value a
/// `Mutex` guarded showed up as a race (`scripts/test --sanitize thread`).
public final class Locked<Value>: @unchecked Sendable {
    // Guarded by `mutex`, which lives at an address of its own: a pthread mutex must not move.
    @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread's `withLock` running meanwhile.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    @inlinable func lock() { pthread_mutex_lock(mutex) }
    @inlinable func unlock() { pthread_mutex_unlock(mutex) }
}

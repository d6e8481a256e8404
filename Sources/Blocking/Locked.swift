import Glibc

/// A value that threads take turns at, as Synchronization's `Mutex` holds one, but locked with
/// a `pthread_mutex_t`: ThreadSanitizer sees through the C library's locks, and not through
/// `Mutex`, whose locking lives in a standard library built without it, so every value a
/// `Mutex` guarded showed up as a race (`scripts/test --sanitize thread`).
public final class Locked<Value>: @unchecked Sendable {
    // The value and the mutex each live at an address of their own (a pthread mutex must not
    // move, and a value of no size, `Locked<Void>` around code, must not share its address with
    // the mutex, which ThreadSanitizer would then see written under the lock and read outside
    // it), in one allocation, the mutex first: a rebuild of a big blog makes one for each cached
    // post's params (through `Once`) and body, and each allocation is a `malloc` and a `free`.
    @usableFromInline let value: UnsafeMutablePointer<Value>
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    // Inlinable for the same reason as `withLock`: the generic copy asked the runtime for the
    // value's type each time.
    @inlinable
    public init(_ value: Value) {
        let alignment = max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment)
        let offset = (MemoryLayout<pthread_mutex_t>.stride + MemoryLayout<Value>.alignment - 1) / MemoryLayout<Value>.alignment
            * MemoryLayout<Value>.alignment
        let block = UnsafeMutableRawPointer.allocate(byteCount: offset + max(MemoryLayout<Value>.size, 1), alignment: alignment)
        mutex = block.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = (block + offset).bindMemory(to: Value.self, capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        value.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    /// Runs `body` with the value, no other thread's `withLock` running meanwhile.
    // Public and inlinable, so that callers in other modules get a copy for their own types
    // (the compiler hands them the body of a public inlinable function only; see `Parallel`).
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

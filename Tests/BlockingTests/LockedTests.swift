import Glibc
import Testing

@testable import Blocking

/// The lock every module takes turns with (ThreadSanitizer sees through it, where it does not
/// see through Synchronization's `Mutex`).
@Suite struct LockedTests {
    /// Notes when it is freed.
    final class Watched: Sendable {
        let freed: Locked<Bool>
        init(freed: Locked<Bool>) { self.freed = freed }
        deinit { freed.withLock { $0 = true } }
    }

    /// Aligned wider than the mutex's 8 bytes.
    struct Wide: Equatable {
        var lanes: SIMD8<Float>
    }

    @Test func threadsTakeTurns() async throws {
        let count = Locked(0)
        let log = Locked<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    await BlockingPool.shared.run {
                        for _ in 0..<10_000 { count.withLock { $0 += 1 } }
                        log.withLock { $0.append(worker) }
                    }
                }
            }
        }
        #expect(count.withLock { $0 } == 80_000)
        #expect(log.withLock { $0.sorted() } == Array(0..<8))
        struct Refused: Error {}
        #expect(throws: Refused.self) { try count.withLock { _ throws(Refused) in throw Refused() } }
    }

    /// The value sits where its alignment asks, whatever it is, beside the mutex in one block.
    @Test func valuesOfEverySizeAndAlignmentKeepTheirPlace() {
        let wide = Locked(Wide(lanes: SIMD8(repeating: 2.5)))
        let address = wide.withLock { value in withUnsafeMutablePointer(to: &value) { Int(bitPattern: $0) } }
        #expect(address % MemoryLayout<Wide>.alignment == 0)
        wide.withLock { $0.lanes[7] = 4 }
        #expect(wide.withLock { $0.lanes[7] } == 4)
        #expect(Locked(UInt8(7)).withLock { $0 } == 7)
        #expect(Locked("a text too long to sit inside a String's own bytes").withLock { $0.count } == 50)
        #expect(MemoryLayout<Wide>.alignment > MemoryLayout<pthread_mutex_t>.alignment)
        // A value of no size: a lock around code.
        #expect(Locked(()).withLock { _ in 7 } == 7)
    }

    /// Freeing the lock lets go of the value it held.
    @Test func theValueGoesWithTheLock() {
        let freed = Locked(false)
        var lock: Locked<Watched>? = Locked(Watched(freed: freed))
        #expect(lock != nil)
        #expect(!freed.withLock { $0 })
        lock = nil
        #expect(freed.withLock { $0 })
    }
}

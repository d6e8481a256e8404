import Blocking
import FileSystem
import Foundation
@testable import SiteContent
import Testing

@Suite struct ParallelReleaseTests {
    /// Notes the thread it is freed on.
    final class Tracked: Sendable {
        let freed: @Sendable (_ onCaller: Bool) -> Void
        let caller: pthread_t

        init(caller: pthread_t, freed: @escaping @Sendable (Bool) -> Void) {
            self.caller = caller
            self.freed = freed
        }

        deinit { freed(pthread_equal(pthread_self(), caller) != 0) }
    }

    /// The value is freed on another thread however quickly that thread lets go of it: when the
    /// block only held it, the caller was as often the last to let go, and freed it itself.
    @Test func aReleasedValueIsFreedOnAnotherThread() {
        let onCaller = Locked(0), freed = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        for _ in 0..<200 {
            Parallel.release(Tracked(caller: caller) { here in
                if here { onCaller.withLock { $0 += 1 } }
                freed.signal()
            })
            // Let the other thread run first, as a quick block does.
            usleep(200)
        }
        for _ in 0..<200 { #expect(freed.wait(timeout: .now() + 10) == .success) }
        #expect(onCaller.withLock { $0 } == 0)
    }
}

import Blocking
import Dispatch
@testable import SiteContent
import Testing

@Suite struct OnceTests {
    @Test func aValueAskedForByManyThreadsIsMadeOnce() {
        let made = Locked(0)
        let once = Once<Int> {
            made.withLock { $0 += 1 }
            return 42
        }
        let answers = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let value = once.value
            answers.withLock { $0.append(value) }
        }
        #expect(made.withLock { $0 } == 1)
        #expect(answers.withLock { $0 } == Array(repeating: 42, count: 16))
    }

    /// A copy taken before anyone asked shares the making: a document copied about decodes its
    /// params once.
    @Test func copiesShareTheMaking() {
        let made = Locked(0)
        let once = Once<String> {
            made.withLock { $0 += 1 }
            return "made"
        }
        let copy = once
        #expect(copy.value == "made")
        #expect(once.value == "made")
        #expect(made.withLock { $0 } == 1)
    }

    @Test func aValueMadeAlreadyIsThatValue() {
        #expect(Once(value: [1, 2, 3]).value == [1, 2, 3])
    }
}

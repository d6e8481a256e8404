import FileSystem
import Synchronization
import Testing

@Suite struct ParallelTests {
    /// Every element is transformed once and its result lands in its own place, whether the
    /// cores take elements one at a time or in runs, for counts that do not divide evenly.
    @Test(arguments: [0, 1, 2, 3, 31, 32, 33, 1000, 1001])
    func mapsEachElementOnceInOrder(count: Int) {
        for inRuns in [false, true] {
            let calls = Mutex([Int](repeating: 0, count: count))
            let results = Parallel.map(Array(0..<count), inRuns: inRuns) { element -> String in
                calls.withLock { $0[element] += 1 }
                return "item \(element)"
            }
            #expect(results == (0..<count).map { "item \($0)" }, "inRuns: \(inRuns)")
            #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count), "inRuns: \(inRuns)")
        }
    }
}

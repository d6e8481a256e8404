import Dispatch
import Foundation
import Testing

@testable import SiteContent

@Suite struct BackgroundTests {
    /// Work started while every one of Dispatch's threads is waiting still starts at once: a
    /// build waits for what it started in the background, and builds run side by side.
    @Test func workStartsWhileDispatchsThreadsAllWait() {
        let release = DispatchSemaphore(value: 0)
        let waiting = DispatchGroup()
        let busy = ProcessInfo.processInfo.activeProcessorCount * 2
        for _ in 0..<busy {
            waiting.enter()
            DispatchQueue.global().async {
                release.wait()
                waiting.leave()
            }
        }
        defer {
            for _ in 0..<busy { release.signal() }
            waiting.wait()
        }
        let started = Date()
        let answer = Background { 42 }
        #expect(answer.wait() == 42)
        // Dispatch took most of a second to start another thread (0.85 to 0.95 s in the builds).
        #expect(Date().timeIntervalSince(started) < 0.4)
    }

    @Test func theValueIsWhatTheWorkMade() {
        let values = (0..<64).map { index in Background { index * index } }
        #expect(values.map { $0.wait() } == (0..<64).map { $0 * $0 })
    }
}

import Blocking
import Dispatch
import Foundation

/// Runs independent work on every core. It lives with the file code because most of that work
/// is system calls (a `stat` or a write per file), and the source trees need it as the compiler does.
public enum Parallel {
    /// `transform` applied to each element, in order, spread over the machine's cores.
    ///
    /// With `inRuns`, each core takes runs of neighbouring elements rather than one at a time:
    /// for work that writes files, where neighbours share folders, and two cores making entries
    /// in one folder wait for each other's lock on it.
    // Inlinable, so each caller gets a copy made for its own types: called from another module
    // unspecialised, every element goes through the generic value witnesses and the runtime's
    // metadata caches. Public rather than package: the compiler does not hand the body of a
    // package-level inlinable function to other modules, so they would call the generic one.
    @inlinable
    public static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], inRuns: Bool = false,
                                                                _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: elements.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        // Sixteen runs a core: short enough that the cores finish together.
        let run = inRuns ? max(1, elements.count / (ProcessInfo.processInfo.activeProcessorCount * 16)) : 1
        DispatchQueue.concurrentPerform(iterations: (elements.count + run - 1) / run) { chunk in
            // Each index is written by exactly one iteration, so the slots never race.
            for index in chunk * run..<min(elements.count, (chunk + 1) * run) {
                slots[index] = transform(elements[index])
            }
        }
        // Moved out, not copied: a copy would leave every result retained by the freed buffer.
        return (0..<elements.count).map { (results.baseAddress! + $0).move()! }
    }

    /// `transform` applied to each element, in order, on `threadsPerCore` threads for each core
    /// rather than one: for work that waits on another process part of the time (a highlighter
    /// answering), so that a core whose thread waits has another one to run.
    package static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], threadsPerCore: Int,
                                                                 _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard threadsPerCore > 1 else { return map(elements, transform) }
        let threads = min(elements.count, threadsPerCore * ProcessInfo.processInfo.activeProcessorCount)
        guard threads > 1 else { return elements.map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: elements.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let next = Locked(0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            BlockingPool.shared.detach {
                while true {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < elements.count else { break }
                    // Each index is taken by exactly one thread, so the slots never race.
                    slots[index] = transform(elements[index])
                }
                done.leave()
            }
        }
        done.wait()
        return (0..<elements.count).map { (results.baseAddress! + $0).move()! }
    }
}

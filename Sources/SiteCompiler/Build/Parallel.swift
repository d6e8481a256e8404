import Dispatch

/// Runs independent work on every core.
enum Parallel {
    /// `transform` applied to each element, in order, spread over the machine's cores.
    static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: elements.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            // Each index is written by exactly one iteration, so the slots never race.
            slots[index] = transform(elements[index])
        }
        // Moved out, not copied: a copy would leave every result retained by the freed buffer.
        return (0..<elements.count).map { (results.baseAddress! + $0).move()! }
    }
}

/// Layout values (dictionaries of `Any`) that are built once and then only read, shared with the
/// threads that render pages.
struct ReadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

import Foundation

/// Results written by many threads, each to its own index.
final class ThreadResults<Element>: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var stored: [Element]

    init(count: Int, empty: Element) { stored = Array(repeating: empty, count: count) }

    var values: [Element] { lock.withLock { stored } }

    func set(_ index: Int, _ element: Element) {
        lock.withLock { stored[index] = element }
    }
}

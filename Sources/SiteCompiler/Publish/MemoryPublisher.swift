import Blocking

/// A ``Publisher`` that keeps every page it is handed, by path.
package final class MemoryPublisher: Publisher {
    private let published = Locked<[String: String]>([:])

    package init() {}

    package func publish(_ path: String, _ text: String) {
        published.withLock { $0[path] = text }
    }

    /// Every page published so far.
    package var pages: [String: String] { published.withLock { $0 } }
}

import Blocking

/// A ``Publisher`` that keeps every page it is handed, by path.
public final class MemoryPublisher: Publisher {
    private let published = Locked<[String: String]>([:])

    public init() {}

    public func publish(_ path: String, _ text: String) {
        published.withLock { $0[path] = text }
    }

    /// Every page published so far.
    public var pages: [String: String] { published.withLock { $0 } }
}

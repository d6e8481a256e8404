import Synchronization

/// Set once a helper program has exited, by the task that watched it.
final class ExitFlag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}

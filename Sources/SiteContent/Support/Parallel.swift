import Dispatch
import FileSystem

// `Parallel.map` is in FileSystem, below the source trees that use it too.
extension Parallel {
    /// Lets go of `value` on another thread. Freeing a big blog's build (tens of thousands of
    /// strings and dictionaries) takes tens of milliseconds that nobody needs to wait for; a
    /// command that exits meanwhile leaves it to the system.
    ///
    /// The value is dropped inside the block: captured as it is, it would be freed by whichever
    /// thread let go of it last, which was as often the caller (the block being quick to run).
    package static func release<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        DispatchQueue.global(qos: .utility).async { held.drop() }
    }

    /// A value the releasing block alone drops; the caller keeps only this box.
    private final class Held<Value: Sendable>: @unchecked Sendable {
        // Written once more, by the block, after which nothing reads it.
        private var value: Value?

        init(_ value: consuming Value) { self.value = value }

        func drop() { value = nil }
    }
}

import Dispatch
import FileSystem

// `Parallel.map` is in FileSystem, below the source trees that use it too.
extension Parallel {
    /// Lets go of `value` on another thread. Freeing a big blog's build (tens of thousands of
    /// strings and dictionaries) takes tens of milliseconds that nobody needs to wait for; a
    /// command that exits meanwhile leaves it to the system.
    package static func release(_ value: consuming some Sendable) {
        let held = value
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
    }
}

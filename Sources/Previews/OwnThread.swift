import Foundation

/// Runs blocking work (a build, a libgit2 fetch, removing a big folder) on a thread of its own,
/// and waits for it without holding a thread meanwhile.
///
/// The threads Swift's tasks share are one a core: a build on one of them would hold up every
/// other task (the lock's ssh, rsync's output, the other branches) until it ended. Objects that
/// must stay on one thread, such as a libgit2 repository, are made and dropped inside `work`.
enum OwnThread {
    /// The value of `work`, run on a new thread.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: work)) }.start()
        }
    }
}

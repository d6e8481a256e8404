import Blocking
import Foundation

extension GalleyProcess {
    /// ``run(_:in:environment:timeout:fileSizeLimit:)`` on a thread of the blocking pool, for a
    /// test that serves galley itself (a fake forge): waiting for galley on one of the tasks'
    /// few threads could leave none to answer it.
    static func runInPool(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
                          timeout: TimeInterval = 60) async throws -> Result {
        try await BlockingPool.shared.run { try run(arguments, in: directory, environment: environment, timeout: timeout) }
    }
}

import ArgumentParser
import Failures
import Foundation

/// Galley's exit statuses, the same for every command, so that a script or a CI job can tell
/// a broken blog from a full disk from a host that was down.
extension ExitCode {
    /// The blog has errors: a build, or the build of a deploy, failed on the blog's own files
    /// (or, for `watch --once`, a branch's did).
    static let blogHasErrors = ExitCode(1)
    /// The command line was wrong: an unknown command or option, a missing or bad value.
    static let usage = ExitCode(2)
    /// The folder named is not a blog folder: it is missing, or it has no `galley.yml`.
    static let notABlog = ExitCode(3)
    /// A file or a port could not be used: an output folder that cannot be written, a file in
    /// the way, a port another program holds.
    static let fileOrPort = ExitCode(4)
    /// Publishing failed: the destination, rsync or ssh; the blog itself built.
    static let publishingFailed = ExitCode(5)

    /// The status of a command ended by signal `number`, as a shell reports one: 128 plus it.
    static func killed(by number: Int32) -> ExitCode { ExitCode(128 + number) }

    /// The table `galley --help` shows.
    static let table = """
        Exit status, for every command:
          0      done
          1      the blog has errors (the build failed on its files)
          2      usage: an unknown command or option, a missing or bad value
          3      not a blog folder: the folder is missing or has no galley.yml
                 (for import: the folder to read is no Jekyll, Hugo or Zola site)
          4      a file or port problem: output that cannot be written, a file
                 in the way, a port in use
          5      publishing failed: the destination, rsync or ssh
          128+N  stopped by signal N (130 for Ctrl-C, 143 for SIGTERM); a
                 server (serve, host, watch) or build --watch stopped so
                 ends with 0, as asked
        """

    /// The status for `error`, thrown by a command's `run()`, by the table above: Galley's own
    /// errors say their row (``GalleyError/category``); ArgumentParser's and Foundation's are
    /// placed here.
    static func galley(for error: any Error) -> ExitCode {
        switch error {
        case let error as ExitCode: error
        case is ValidationError: .usage
        case let error as any GalleyError: galley(for: error.category)
        case let error as NSError where error.domain == NSCocoaErrorDomain || error.domain == NSPOSIXErrorDomain: .fileOrPort
        default: .failure
        }
    }

    /// The status of the table's row `category`.
    static func galley(for category: FailureCategory) -> ExitCode {
        switch category {
        case .blogHasErrors, .other: .blogHasErrors
        case .usage: .usage
        case .notABlog: .notABlog
        case .fileOrPort: .fileOrPort
        case .publishing: .publishingFailed
        }
    }
}

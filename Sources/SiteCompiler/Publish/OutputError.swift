import Failures
import FileSystem

/// A problem writing the output folder.
package struct OutputError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String
}

extension OutputError {
    /// A failure of the file system, told as the writer's own: the same path and message.
    init(_ error: FileSystemError) {
        self.init(path: error.path, message: error.message)
    }

    /// `error` as the writer reports it, when it is the writer's own or the file system's; nil
    /// for anything else.
    static func from(_ error: any Error) -> OutputError? {
        switch error {
        case let error as OutputError: error
        case let error as FileSystemError: OutputError(error)
        default: nil
        }
    }
}

extension OutputError: GalleyError {
    package var place: ErrorPlace? { ErrorPlace(path) }
    package var category: FailureCategory { .fileOrPort }
}

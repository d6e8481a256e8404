import FileSystem
import Foundation

/// What ``SourceTree/version(of:)`` says of one file.
package struct FileVersion: Sendable, Equatable {
    /// Equal bytes mean equal contents, as long as the file was not changed within a clock tick
    /// of being looked at (see `changed`).
    package var bytes: [UInt8]
    /// The file's latest modification or change time, nanoseconds since 1970; zero when it
    /// cannot change in place.
    package var changed: Int

    /// A version from its parts.
    package init(bytes: [UInt8], changed: Int) {
        self.bytes = bytes
        self.changed = changed
    }

    /// The version of a file on disk: its type, inode, device, size and both times.
    init(_ info: stat) {
        let record = (UInt64(info.st_mode), UInt64(info.st_ino), UInt64(info.st_dev), UInt64(info.st_size),
                      UInt64(bitPattern: Int64(info.modifiedNanoseconds)), UInt64(bitPattern: Int64(info.changedNanoseconds)))
        self.init(bytes: withUnsafeBytes(of: record) { Array($0) }, changed: max(info.modifiedNanoseconds, info.changedNanoseconds))
    }
}

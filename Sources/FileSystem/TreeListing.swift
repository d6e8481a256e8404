import Foundation

/// Every file and folder below a directory, as ``ContainedFolder/listing()`` reads it with
/// readdir(3): the writer lists its spare tree when it cannot trust its record, and
/// FileManager's enumerator costs several times more per entry.
package struct TreeListing {
    /// Files, relative to the root.
    package var files: Set<String> = []
    /// Folders, relative to the root, parents before children.
    package var folders: [String] = []

    package init() {}
}

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

    /// The listing of a tree known to hold exactly `files`, and so the folders they are in.
    package init(files: Set<String>) {
        self.files = files
        var folders: Set<String> = []
        for file in files {
            var path = Substring(file)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                guard folders.insert(String(path)).inserted else { break }
            }
        }
        // Sorted, a folder comes before the folders inside it.
        self.folders = folders.sorted()
    }
}

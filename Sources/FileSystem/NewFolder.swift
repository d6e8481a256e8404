import Foundation

/// A folder that a command fills from nothing (`galley import`, `galley new site`): it must be
/// missing or empty, its files are written into a spare folder beside it, and the spare takes its
/// name only once every file is in. A failed command leaves no half-made folder that looks whole,
/// and a folder that holds anything of the user's is never touched.
package struct NewFolder {
    /// The folder as the user named it, for messages.
    package let destination: String
    /// The folder it goes in, held open, and its name there.
    private let parent: ContainedFolder
    private let name: String

    /// A new folder at `destination`, which must be missing or an empty folder; a symbolic link
    /// there is refused, never followed. `command` names what writes it, for the refusal
    /// (`galley import writes only into a new or empty folder`). With `makingParents`, folders
    /// missing on the way to it are made first.
    package init(_ destination: String, for command: String, makingParents: Bool = false) throws(FileSystemError) {
        self.destination = destination
        let absolute = URL(filePath: destination, directoryHint: .isDirectory, relativeTo: URL.currentDirectory()).standardizedFileURL
        name = absolute.lastPathComponent
        guard !name.isEmpty, name != "/", name != "..", name != "." else {
            throw FileSystemError(path: destination, message: "name a new or empty folder")
        }
        let parentPath = absolute.deletingLastPathComponent().path
        if makingParents, !FileManager.default.fileExists(atPath: parentPath) {
            try? FileManager.default.createDirectory(atPath: parentPath, withIntermediateDirectories: true)
        }
        do {
            parent = try ContainedFolder(opening: parentPath, followingLink: true)
        } catch {
            throw FileSystemError(path: destination, message: "cannot open the folder it goes in: \(error.message)")
        }
        try checkEmpty(command)
    }

    /// The destination must be missing, or an empty folder: anything else is the user's.
    private func checkEmpty(_ command: String) throws(FileSystemError) {
        switch parent.kind(of: name) {
        case 0: return
        case S_IFDIR:
            guard try parent.folder(name).entries().isEmpty else {
                throw FileSystemError(path: destination, message:
                    "is not empty: \(command) writes only into a new or empty folder, so nothing of yours is overwritten")
            }
        case S_IFLNK:
            throw FileSystemError(path: destination, message: "is a symbolic link: name the folder itself, or a new one")
        default:
            throw FileSystemError(path: destination, message: "exists and is not a folder: name a new or empty folder")
        }
    }

    /// Makes a spare folder beside the destination, has `fill` write into it, and gives it the
    /// destination's name; whatever `fill` throws, the spare is removed and the error passed on.
    package func fill<Failure: Error>(_ fill: (ContainedFolder) throws(Failure) -> Void) throws(NewFolderError<Failure>) {
        let spare = ".\(name).galley-new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try parent.makeFolder(spare)
        } catch {
            throw .fileSystem(FileSystemError(path: destination, message: "cannot make a folder beside it to write into: \(error.message)"))
        }
        let folder: ContainedFolder
        do {
            folder = try parent.folder(spare)
        } catch {
            try? parent.removeAll(spare)
            throw .fileSystem(error)
        }
        do throws(Failure) {
            try fill(folder)
        } catch {
            try? parent.removeAll(spare)
            throw .filling(error)
        }
        do {
            if parent.kind(of: name) == S_IFDIR {
                try moveEntries(of: folder, from: spare)
            } else {
                try parent.rename(spare, over: name)
            }
        } catch {
            try? parent.removeAll(spare)
            // Something appeared there since the check: still never overwritten.
            throw .fileSystem(FileSystemError(path: destination, message: "\(error.message); nothing was written there"))
        }
    }

    /// Moves what the spare holds into the empty folder that was already there, rather than
    /// putting the spare in its place: that folder may be where a shell stands (`galley new
    /// site .`), which would be left in a folder no longer in the tree. Any move that fails puts
    /// back those made before it.
    private func moveEntries(of filled: ContainedFolder, from spare: String) throws(FileSystemError) {
        guard try parent.folder(name).entries().isEmpty else {
            throw FileSystemError(path: destination, message: "is no longer empty")
        }
        var moved: [String] = []
        do {
            for (entry, _) in filled.entries() {
                try parent.rename(spare + "/" + entry, over: name + "/" + entry)
                moved.append(entry)
            }
        } catch {
            for entry in moved { try? parent.rename(name + "/" + entry, over: spare + "/" + entry) }
            throw error
        }
        try? parent.removeAll(spare)
    }
}

/// Why a ``NewFolder`` was not filled: the folder itself, or what the filling threw.
package enum NewFolderError<Failure: Error>: Error {
    case fileSystem(FileSystemError)
    case filling(Failure)
}

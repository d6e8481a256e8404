import FileSystem
import Foundation
import SiteCompiler
import SiteSource

/// Writes a planned blog into a new folder beside the destination and gives it the
/// destination's name only once every file is in and galley.yml reads back: a failed import
/// leaves no half blog that looks whole, and a destination that is not empty is never touched.
struct BlogWriter {
    /// The destination as the user named it, for messages.
    let destination: String
    /// Its folder, held open, and its name in it.
    private let parent: ContainedFolder
    private let name: String

    /// A writer into `destination`, which must be missing or an empty folder.
    init(destination: String) throws(ImportError) {
        self.destination = destination
        let absolute = URL(filePath: destination, directoryHint: .isDirectory, relativeTo: URL.currentDirectory()).standardizedFileURL
        name = absolute.lastPathComponent
        guard !name.isEmpty, name != "/" else { throw ImportError("\(destination): name a new or empty folder to import into") }
        let parentPath = absolute.deletingLastPathComponent().path
        do {
            parent = try ContainedFolder(opening: parentPath, followingLink: true)
        } catch {
            throw ImportError("\(destination): cannot open the folder it goes in: \(error.message)")
        }
        try checkEmpty()
    }

    /// The destination must be missing, or an empty folder: anything else is the user's.
    private func checkEmpty() throws(ImportError) {
        switch SourceEntry.Kind(mode: parent.kind(of: name)) {
        case .unknown: return
        case .folder:
            let inner: ContainedFolder
            do {
                inner = try parent.folder(name)
            } catch {
                throw ImportError("\(destination): \(error.message)")
            }
            guard inner.entries().isEmpty else {
                throw ImportError("\(destination) is not empty: galley import writes only into a new or empty folder, so nothing of yours is overwritten")
            }
        case .link:
            throw ImportError("\(destination) is a symbolic link: name the folder itself, or a new one")
        default:
            throw ImportError("\(destination) exists and is not a folder: name a new or empty folder")
        }
    }

    /// Writes `plan`, copying its files from `source`.
    func write(_ plan: ImportPlan, from source: SourceFolder) throws(ImportError) {
        let spare = ".\(name).galley-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try parent.makeFolder(spare)
        } catch {
            throw ImportError("\(destination): cannot make a folder beside it to write into: \(error.message)")
        }
        do throws(ImportError) {
            let settings = Array(try plan.settings.yaml().utf8)
            let folder: ContainedFolder
            do throws(FileSystemError) {
                folder = try parent.folder(spare)
                try folder.write(settings, to: GalleySettings.fileName)
            } catch {
                throw ImportError(error.description)
            }
            try copyFiles(of: plan, from: source, into: folder)
            try checkSettings(in: folder)
            try moveIntoPlace(spare)
        } catch {
            try? parent.removeAll(spare)
            throw error
        }
    }

    private func copyFiles(of plan: ImportPlan, from source: SourceFolder, into folder: ContainedFolder) throws(ImportError) {
        var made: Set<String> = [""]
        for copy in plan.copies {
            // Each folder on the way, once.
            var ancestors: [String] = []
            var parentFolder = RelativePath.folder(of: copy.destination.string)
            while !made.contains(parentFolder) {
                ancestors.append(parentFolder)
                parentFolder = RelativePath.folder(of: parentFolder)
            }
            for ancestor in ancestors.reversed() {
                do {
                    try folder.makeFolder(ancestor)
                } catch {
                    throw ImportError(error.description)
                }
                made.insert(ancestor)
            }
            try source.copy(copy.source, to: copy.destination.string, in: folder)
        }
    }

    /// galley.yml as a build will read it: a setting the import got wrong stops it here.
    private func checkSettings(in folder: ContainedFolder) throws(ImportError) {
        do {
            _ = try SiteConfig.load(from: DirectorySource(root: URL(filePath: folder.path)))
        } catch {
            throw ImportError("the galley.yml written is not one Galley reads, which is a bug in galley import: \(error)")
        }
    }

    private func moveIntoPlace(_ spare: String) throws(ImportError) {
        do {
            try parent.rename(spare, over: name)
        } catch {
            // Something appeared there since the check: still never overwritten.
            throw ImportError("\(destination): \(error.message); nothing was written there")
        }
    }
}

import FileSystem
import Foundation
import SiteCompiler
import SiteContent
import SiteSource

/// Writes a planned blog into a new folder beside the destination and gives it the
/// destination's name only once every file is in and galley.yml reads back: a failed import
/// leaves no half blog that looks whole, and a destination that is not empty is never touched.
struct BlogWriter {
    /// The destination as the user named it, for messages.
    var destination: String { folder.destination }
    private let folder: NewFolder

    /// A writer into `destination`, which must be missing or an empty folder; the folders on
    /// the way to it are made when missing, as `mkdir -p` makes them.
    init(destination: String) throws(ImportError) {
        do {
            folder = try NewFolder(destination, for: "galley import", makingParents: true)
        } catch {
            throw ImportError(error.description, kind: .fileInTheWay)
        }
    }

    /// Writes `plan`, copying its files from `source`.
    func write(_ plan: ImportPlan, from source: SourceFolder) throws(ImportError) {
        do {
            try folder.fill { (folder) throws(ImportError) in
                let settings = Array(try plan.settings.yaml().utf8)
                do throws(FileSystemError) {
                    try folder.write(settings, to: GalleySettings.fileName)
                } catch {
                    throw ImportError(error.description, kind: .fileInTheWay)
                }
                try copyFiles(of: plan, from: source, into: folder)
                try checkSettings(in: folder)
            }
        } catch {
            switch error {
            case .fileSystem(let problem): throw ImportError(problem.description, kind: .fileInTheWay)
            case .filling(let problem): throw problem
            }
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
                    throw ImportError(error.description, kind: .fileInTheWay)
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
}

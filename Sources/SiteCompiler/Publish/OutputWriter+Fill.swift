import FileSystem
import Foundation
import SiteSource

/// Bringing the spare up to the tree a build made: a link to each live file whose bytes are the
/// same, new bytes where they differ, and what the tree no longer has removed.
extension OutputWriter {
    /// Completes a spare that a record let ``OutputSession/syncPending()`` make the same as the
    /// live folder (but for the pages written since): only what this build changed is touched.
    /// Returns the report and the paths that now differ from live.
    func updateSynced(_ session: OutputSession, to tree: OutputTree, from source: any SourceTree,
                      pages: PageOutcome, previousFiles: Set<String>) throws -> (Report, [String]?) {
        let (report, changed, held) = try fill(session, tree, from: source, pages: pages, previousFiles: previousFiles)
        // Every file the spare held is still in the tree: nothing to look for among them.
        guard held < previousFiles.count else { return (report, changed) }
        return (report, changed + Self.remove(previousFiles, notIn: tree, from: session.spare))
    }

    /// Removes the files of `paths` that `tree` no longer has from `folder`, and then any folder
    /// they leave empty. Returns what was removed.
    private static func remove(_ paths: Set<String>, notIn tree: OutputTree, from folder: ContainedFolder) -> [String] {
        var removed: [String] = []
        for path in paths where tree.files[path] == nil {
            folder.removeFile(path)
            removed.append(path)
            var parent = path
            while let slash = parent.lastIndex(of: "/") {
                parent = String(parent[..<slash])
                guard folder.removeEmptyFolder(parent) else { break }
                removed.append(parent)
            }
        }
        return removed
    }

    /// Puts every file of `tree` not yet in the spare there, on every core: a link to the live
    /// file where the bytes are the same, new bytes otherwise. With `previousFiles` (the files a
    /// spare brought up to date already holds, or none for one made empty), those are left alone
    /// and missing folders are made on the way; without it, every folder must already exist.
    /// Returns the report, the paths written, and how many of `previousFiles` the tree has; the
    /// stamps of the live files it linked into a spare made empty go to the session.
    private func fill(_ session: OutputSession, _ tree: OutputTree, from source: any SourceTree, pages: PageOutcome,
                      previousFiles: Set<String>?) throws -> (Report, [String], held: Int) {
        let spare = session.spare, live = session.live
        let paths = Array(tree.files.keys)
        let makesFolders = previousFiles != nil
        // Whether each path's file was the same as live, and whether the spare held it before.
        let results = Parallel.map(paths) { path -> Result<(same: Bool, held: Bool, linked: FileStamp?), Error> in
            Result {
                let held = { previousFiles?.contains(path) ?? false }
                // Kept files first: after an edit they are nearly all of them. Pages, and files
                // copied as they are whose sources are as the last build saw them.
                if pages.kept(path) {
                    if previousFiles?.contains(path) == true { return (true, true, nil) }
                    if makesFolders { try session.parents(of: path) }
                    if let live, session.startedEmpty, let linked = spare.keepInOwnTree(path, from: live) {
                        return (true, false, FileStamp(linked))
                    }
                    if let live, try spare.keep(path, from: live) { return (true, false, nil) }
                }
                let bytes: Data
                switch tree.files[path]!.content {
                case .page(let render):
                    // A kept page was not rendered: none is written or same, and one whose live
                    // file has gone since is rendered below.
                    if pages.written.contains(path) {
                        return (false, held(), nil)
                    } else if pages.same.contains(path) {
                        // The page was dropped once found the same as the live file.
                        guard let live else { throw OutputError(path: spare.path + "/" + path, message: "the live copy is gone") }
                        // Rendered again (its inputs changed, or its live file was not as the
                        // last build left it) and found the same as the live file. A synced spare
                        // shares that file by the record, unless the spare's own name for it was
                        // replaced or removed by hand (which changes the live file's link count,
                        // and so its stamp): the spare is made to hold the live file again, its
                        // folder too if that went.
                        if previousFiles?.contains(path) == true {
                            do { try spare.mirror(path, from: live) } catch {
                                try session.parents(of: path)
                                try spare.mirror(path, from: live)
                            }
                            return (true, true, nil)
                        }
                        if makesFolders { try session.parents(of: path) }
                        if session.startedEmpty, let linked = spare.keepInOwnTree(path, from: live) { return (true, false, FileStamp(linked)) }
                        try spare.mirror(path, from: live)
                        return (true, false, nil)
                    }
                    // A kept page whose live file has gone since, or a page never published.
                    bytes = Data(render().utf8)
                case let content:
                    bytes = try Self.bytes(of: content, from: source)!
                }
                if makesFolders { try session.parents(of: path) }
                // New to this output, even where another build's file is shared.
                if let reference = session.reference, spare.linkIfHolding(bytes, at: path, from: reference) != nil {
                    return (false, held(), nil)
                }
                return (try spare.place(bytes, at: path, live: live), held(), nil)
            }
        }
        var report = Report(written: 0, unchanged: 0)
        var changed: [String] = []
        var held = 0
        var linked: [String: FileStamp] = [:]
        for (path, result) in zip(paths, results) {
            let same: Bool
            do {
                let placed = try result.get()
                same = placed.same
                if placed.held { held += 1 }
                if let stamp = placed.linked { linked[path] = stamp }
            } catch {
                guard let error = OutputError.from(error) else { throw error }
                // Name the file the user can act on: the post or page that asked for the path.
                let origin = tree.files[path].map { " (made from \($0.origin))" } ?? ""
                throw OutputError(path: error.path, message: error.message + origin)
            }
            if same { report.unchanged += 1 } else {
                report.written += 1
                changed.append(path)
            }
        }
        session.noteLinked(linked)
        return (report, changed, held)
    }

    /// The bytes of a file whose content the tree holds or names; nil for pages, which are
    /// rendered, kept or published.
    static func bytes(of content: OutputTree.Content, from source: any SourceTree) throws -> Data? {
        switch content {
        case .page: return nil
        case .text(let text): return Data(text.utf8)
        case .data(let data): return data
        case .source(let sourcePath):
            do {
                return try source.contents(of: sourcePath)
            } catch {
                throw OutputError(path: sourcePath, message: "cannot read: \(SourceTreeError.describe(error))")
            }
        }
    }

    /// Makes the spare hold exactly `tree`, comparing against the live destination.
    func update(_ session: OutputSession, to tree: OutputTree, from source: any SourceTree,
                pages: PageOutcome) throws -> (Report, [String]?) {
        let spare = session.spare
        // What the live folder holds beyond the tree, to know afterwards how the two folders
        // differ; only worth listing when a record will be kept, and there is nothing to list on
        // a first build. Known from the record, the live folders are those of its files, so
        // one the tree does not want holds only files the tree no longer has: those files and
        // their folders are all it takes (the folders of all 11,113 files, listed and sorted,
        // were a tenth of the first title edit after a build of 10,000 posts into a new folder).
        let liveListing = record == nil ? nil
            : session.liveFiles.map { files in TreeListing(files: files.filter { tree.files[$0] == nil }) } ?? session.live?.listing()
        func changed(_ written: [String], wanted: (String) -> Bool) -> [String]? {
            guard let liveListing else { return nil }
            return written + liveListing.files.filter { tree.files[$0] == nil } + liveListing.folders.filter { !wanted($0) }
        }
        if session.startedEmpty {
            // A spare made empty by this build holds only the pages the session put there, in
            // the folders they needed: nothing to list, and (short of a page the tree has since
            // dropped) nothing to remove. The other files make their folders on the way, through
            // the session that knows which exist, as for a synced spare.
            _ = Self.remove(pages.written, notIn: tree, from: spare)
            let (report, paths, _) = try fill(session, tree, from: source, pages: pages, previousFiles: [])
            guard liveListing != nil else { return (report, nil) }
            let wanted = tree.folders
            return (report, changed(paths) { wanted.contains($0) })
        }
        let existing = spare.listing()
        let wanted = tree.folders
        // What the new build no longer has goes first, so a file can become a folder and back.
        for path in existing.files where tree.files[path] == nil {
            spare.removeFile(path)
        }
        for folder in existing.folders.reversed() where !wanted.contains(folder) {
            if !spare.removeEmptyFolder(folder) { try spare.removeAll(folder) }
        }
        let present = Set(existing.folders)
        for folder in wanted.sorted() where !present.contains(folder) {
            let kind = spare.kind(of: folder)
            if kind != 0, kind != S_IFDIR { spare.removeFile(folder) }
            try spare.makeFolder(folder)
        }

        let (report, paths, _) = try fill(session, tree, from: source, pages: pages, previousFiles: nil)
        return (report, changed(paths) { wanted.contains($0) })
    }
}

import FileSystem
import Foundation
import SiteSource

/// Writes an ``OutputTree`` to a folder so that readers never see half a site and a failed build
/// loses nothing.
///
/// Beside the output folder `OUT` lives a spare, `.OUT.galley-spare`: a copy of the site that
/// shares the live folder's files, where it is not behind it. A build brings the spare up to date
/// (writing only files whose bytes changed, hard-linking files that did not from the live folder,
/// deleting what is gone) and then exchanges the two folders in one atomic
/// `renameat2(RENAME_EXCHANGE)`, after which the spare, now the folder the build before left, takes
/// the live files at the paths the build changed, so that it is the live folder's twin when the
/// next build starts. A file whose bytes did not change keeps its inode and modification time, so
/// rsync and browsers see it as unchanged; an unchanged blog costs a comparison per file and no
/// writes. A build that changed one page and nothing else (an edit to a post's text, most often)
/// moves that page alone into the live folder, in one rename just as atomic, and leaves the rest of
/// the spare as it was. Files in the spare are never written in place (they may be links to live
/// files): new content goes to a temporary file renamed over the old one.
package struct OutputWriter: Sendable {
    /// What a write did.
    struct Report: Sendable {
        /// Files whose bytes are new or changed.
        var written: Int
        /// Files identical to the previous build's.
        var unchanged: Int
    }

    /// The folder to replace.
    let destination: URL

    /// Where the writer keeps its ``SpareRecord``, if anywhere.
    var record: URL?

    /// A writer for `destination`.
    package init(destination: URL) {
        self.destination = destination.standardizedFileURL
    }

    /// The name of the file every build puts at the top of its output, by which Galley knows a
    /// folder it may replace.
    package static let marker = ".galley-build"
    /// What the marker says to whoever opens it.
    static let markerText = "This folder is a site built by Galley; each build replaces all of it.\n"

    /// The spare folder beside the destination.
    package var spare: URL {
        destination.deletingLastPathComponent().appending(path: spareName)
    }

    private var name: String { destination.lastPathComponent }
    private var spareName: String { ".\(name).galley-spare" }
    private var lockName: String { ".\(name).galley-lock" }

    /// Removes what the writer keeps beside a destination that is going away: the spare folder
    /// and the lock file. Links are removed, never followed.
    func removeLeftovers() {
        guard let parent = try? ContainedFolder(opening: destination.deletingLastPathComponent().path, followingLink: true) else { return }
        try? parent.removeAll(spareName)
        parent.removeFile(lockName)
    }

    /// Writes `tree`, reading `.source` files from `source`, then swaps the result in.
    func write(_ tree: OutputTree, from source: any SourceTree) throws -> Report {
        var tree = tree
        tree.addMarker()
        return try finish(begin(lock()), tree, kept: { _ in false }, from: source)
    }

    /// The folder the destination is in, made if missing. It is the user's own choice of place,
    /// so a link there is followed; nothing below it is.
    private func parent() throws -> ContainedFolder {
        let parent = destination.deletingLastPathComponent()
        do {
            try FolderPath.make(parent.standardizedFileURL.path, for: "the output folder")
        } catch {
            throw OutputError(path: error.path, message: error.message + (error.message.hasPrefix("is a file") ? "; choose another -o" : ""))
        }
        do { return try ContainedFolder(opening: parent.path, followingLink: true) } catch { throw OutputError(error) }
    }

    /// Takes the lock on the destination, waiting for a build that holds it (`waiting` is told).
    /// A destination that may not be replaced is refused before the lock file is made beside it,
    /// so that a mistaken `-o` leaves nothing behind; the check is made again under the lock.
    func lock(waiting: (() -> Void)? = nil) throws -> OutputLock {
        guard destination.path != "/", !destination.pathComponents.isEmpty else {
            throw OutputError(path: destination.path, message: "is the root folder, which Galley never replaces; choose another -o folder")
        }
        let parent = try parent()
        do { try checkDestination(in: parent) } catch { throw OutputError.from(error) ?? error }
        do {
            return try OutputLock(lockName, in: parent, waiting: waiting)
        } catch {
            // The lock file is Galley's own; the folder it was for is what the user named.
            throw OutputError(path: destination.path, message: "cannot be built into: Galley's lock file beside it, "
                + "\(lockName), cannot be made: \(error.message)")
        }
    }

    /// Readies the spare folder, after making sure the destination may be replaced, for pages
    /// to be put there while the build is still rendering. What else it lacks of the live
    /// folder is linked in at the end, and only if the build changed more than one page.
    ///
    /// A build into a new folder shares the files of `reference`, another build of the blog (a
    /// new preview's, production's build): a file whose bytes are the same as the file at its
    /// path there becomes a hard link to it, keeping its inode and time, so that it costs no
    /// space and a release of it links to the other's. Its files are reached below it, never
    /// through a link; a folder that cannot be opened is no reference.
    func begin(_ lock: OutputLock, sharing reference: URL? = nil) throws -> OutputSession {
        do { return try readySpare(lock, reference: reference) } catch { throw OutputError.from(error) ?? error }
    }

    private func readySpare(_ lock: OutputLock, reference: URL?) throws -> OutputSession {
        let parent = lock.folder
        try checkDestination(in: parent)
        // Anything but a real folder at the spare's name (a file, a link planted there) is
        // removed as a name: a link is never followed, so its target is never touched.
        let spareKind = parent.kind(of: spareName)
        if spareKind != 0, spareKind != S_IFDIR { parent.removeFile(spareName) }
        var madeSpare = false
        if spareKind != S_IFDIR {
            try parent.makeFolder(spareName)
            madeSpare = true
        }
        var spare = try parent.folder(spareName)
        let live = parent.kind(of: name) == S_IFDIR ? try parent.folder(name) : nil
        // Whatever happens next, the record no longer describes the spare.
        let saved = record.flatMap(SpareRecord.load(from:))
        if let record { try? FileManager.default.removeItem(at: record) }
        if let saved, let live, saved.matches(live: live, spare: spare) {
            return OutputSession(spare: spare, live: live, lock: lock, synced: Set(saved.files), pending: saved.changed)
        }
        // A spare that no record describes (a build stopped half-way, the cache removed) could
        // only be listed and compared whole, by this build and by every later one that changes
        // one page or none, which never record it again: it is made anew, empty, once. One that
        // cannot all be removed (a folder in it made read-only) is compared whole as before.
        if record != nil, !madeSpare, (try? parent.removeAll(spareName)) != nil {
            try parent.makeFolder(spareName)
            spare = try parent.folder(spareName)
            madeSpare = true
        }
        // The build that made the live folder from nothing said what it holds: the first build
        // after it, which makes the spare, need not list its thousands of folders to know how
        // the two will differ.
        var liveFiles: Set<String>?
        if madeSpare, let saved, let live, saved.matches(aloneLive: live) { liveFiles = Set(saved.files) }
        let shared = live == nil && madeSpare ? reference.flatMap { try? ContainedFolder(opening: $0.standardizedFileURL.path) } : nil
        return OutputSession(spare: spare, live: live, lock: lock, startedEmpty: madeSpare, liveFiles: liveFiles, reference: shared)
    }

    /// Lets go of the spare of a build that failed before publishing: one made empty for it
    /// holds nothing a later build needs, and is removed, as a failed write removes its spare;
    /// one that holds an earlier build stays for the next build, recorded again when its record
    /// said how it differed from the live folder: it still does there, and at the pages the
    /// build put in it. (Without the record, every later edit of one page would list the
    /// whole live folder: a mistake in a post, once, would slow every edit after it.)
    func abandon(_ session: OutputSession) {
        if session.startedEmpty {
            try? session.parent.removeAll(spareName)
        } else if let record, let files = session.synced, let live = session.live, let differs = session.differsFromRecord {
            try? SpareRecord(live: live, spare: session.spare, changed: differs, files: Array(files)).save(to: record)
        }
    }

    /// Completes the spare with the rest of `tree` and swaps it in; when nothing differs from
    /// the live folder, touches nothing at all, and when one page alone does, moves that page
    /// in. `kept` says which pages' live files stay as they are; the other pages were published
    /// to `session` as they were rendered, and one that was not is rendered now. A failure
    /// empties the spare, which is only ever a scratch copy: the live folder is untouched, and a
    /// full disk is freed again.
    func finish(_ session: OutputSession, _ tree: OutputTree, kept: @escaping @Sendable (String) -> Bool,
                from source: any SourceTree) throws -> Report {
        do {
            return try complete(session, tree, kept: kept, from: source)
        } catch {
            let parent = session.parent
            let removed = (try? parent.removeAll(spareName)) != nil && parent.kind(of: spareName) == 0
            guard let error = OutputError.from(error) else { throw error }
            // Whatever stopped the build (a folder that may not be written, say) may also keep
            // part of the spare from being removed: the message says which happened.
            let spare = removed ? "the half-made copy beside it, \(spareName), was removed"
                : "the half-made copy beside it, \(spareName), could not all be removed: remove it by hand to free its space"
            throw OutputError(path: error.path, message: error.message + " (\(destination.path) is as it was; \(spare))")
        }
    }

    private func complete(_ session: OutputSession, _ tree: OutputTree, kept: @escaping @Sendable (String) -> Bool,
                          from source: any SourceTree) throws -> Report {
        let (written, same) = try session.outcome()
        let pages = PageOutcome(kept: kept, written: written, same: same)
        if written.isEmpty, try isUpToDate(tree, from: source, live: session.live, pages: pages, liveFiles: session.liveFiles) {
            session.noteLeftInPlace([:])
            if session.startedEmpty, let live = session.live {
                leaveAlone(live, session, tree)
            } else if let record, session.synced != nil, let live = session.live {
                // Nothing was written: the spare differs from live where it did.
                try? SpareRecord(live: live, spare: session.spare, changed: session.pending, files: Array(tree.files.keys)).save(to: record)
            }
            return Report(written: 0, unchanged: tree.files.count)
        }
        if written.count == 1, let report = try placeAlone(written.first!, session, tree, from: source, pages: pages) {
            return report
        }
        // The spare is about to become the live folder: it must hold every file that does not change.
        try session.syncPending()
        let (report, changed) = if let files = session.synced {
            try updateSynced(session, to: tree, from: source, pages: pages, previousFiles: files)
        } else {
            try update(session, to: tree, from: source, pages: pages)
        }
        try swap(in: session.parent)
        if let record {
            let parent = session.parent
            if session.live == nil, let live = try? parent.folder(name) {
                // The spare became the live folder, and none is left beside it.
                try? SpareRecord(aloneLive: live, files: Array(tree.files.keys)).save(to: record)
            } else if let changed, let live = try? parent.folder(name), let spare = try? parent.folder(spareName) {
                // The two folders have changed places: the spare is the folder the last build
                // left, and becomes the live folder's twin again at once (the record is made
                // after, as the links change the spare's times).
                let left = Self.twin(spare, of: live, in: changed, for: session)
                try? SpareRecord(live: live, spare: spare, changed: left, files: Array(tree.files.keys)).save(to: record)
            }
        }
        return report
    }

    /// Makes `spare`, the folder that was live until the swap, what the live folder is at
    /// `changed`, the paths where the two differ (a link to each new file, and what the build
    /// removed removed), and returns the paths that still differ (all of them when something
    /// stopped it: the next build that needs the spare goes over them again). Done at once,
    /// rather than by that next build: after a build that rewrote every page it is a link for
    /// each of thousands of files, most of the wait of the edit that follows (a new title
    /// changes several pages, so the folders change places, and the spare must hold every live
    /// file first). Its cost: a run of builds that each rewrite every page (a theme changed over
    /// and over with `build --watch`) links what the next one replaces, about a tenth more a
    /// build at 10,000 posts, where the next build once skipped the paths it wrote itself. The
    /// stamps of the live files linked go to `session`, for the cache.
    private static func twin(_ spare: ContainedFolder, of live: ContainedFolder, in changed: [String],
                             for session: OutputSession) -> [String] {
        guard !changed.isEmpty else { return [] }
        let twin = OutputSession(spare: spare, live: live, lock: session.lock)
        defer { session.noteLinkedAfterSwap(twin.relinked) }
        do { try twin.sync(changed) } catch { return changed }
        return []
    }

    /// Puts the one page a build changed into the live folder by itself, in one rename (see
    /// ``ContainedFolder/publish(_:into:)``), when nothing else differs from the live folder:
    /// readers go from the old site to the new one in one step, as with the exchange of the
    /// folders, without the spare being brought up to date first (a link per file after a
    /// build into a new folder, or after one that rewrote every page). Nil when the build
    /// changed more, or the page cannot be put there so; nothing is touched then.
    private func placeAlone(_ path: String, _ session: OutputSession, _ tree: OutputTree, from source: any SourceTree,
                            pages: PageOutcome) throws -> Report? {
        guard let live = session.live,
            try isUpToDate(tree, from: source, live: live, pages: pages, liveFiles: session.liveFiles, except: path),
            let published = session.spare.publish(path, into: live)
        else { return nil }
        var placed: stat? = published
        if session.startedEmpty {
            leaveAlone(live, session, tree)
            // One link fewer: the page's change time moved.
            placed = live.info(of: path)
        } else if let record, session.synced != nil {
            // The page is one file under both names now; elsewhere the spare is as it was.
            try? SpareRecord(live: live, spare: session.spare, changed: session.pending.filter { $0 != path },
                             files: Array(tree.files.keys)).save(to: record)
        }
        session.noteLeftInPlace(placed.flatMap(FileStamp.init).map { [path: $0] } ?? [:])
        return Report(written: 1, unchanged: tree.files.count - 1)
    }

    /// Removes the spare made empty for a build that left the live folder in place (it holds
    /// a page at most), and records the live folder as alone again, holding `tree`.
    private func leaveAlone(_ live: ContainedFolder, _ session: OutputSession, _ tree: OutputTree) {
        try? session.parent.removeAll(spareName)
        if let record { try? SpareRecord(aloneLive: live, files: Array(tree.files.keys)).save(to: record) }
    }

    /// Refuses to replace anything but a folder an earlier build made (it holds the
    /// ``marker``), or an empty one: a user's folder, or the blog itself, is never emptied.
    private func checkDestination(in parent: ContainedFolder) throws {
        let kind = parent.kind(of: name)
        if kind == 0 { return }
        guard kind == S_IFDIR else {
            let what = kind == S_IFLNK ? "is a symbolic link, which Galley does not follow for its output" : "exists and is not a folder"
            throw OutputError(path: destination.path, message: "\(what); choose another -o folder or remove it")
        }
        let folder = try parent.folder(name)
        let entries = folder.entries()
        if entries.isEmpty { return }
        guard folder.kind(of: Self.marker) == S_IFREG else {
            throw OutputError(path: destination.path, message:
                "is not empty and was not made by a Galley build (it has no \(Self.marker)); refusing to replace it (choose another -o folder, or remove this one)")
        }
    }

    /// Exchanges the spare and the destination, in one atomic step where the kernel allows it.
    /// Both are names in the destination's folder, and a rename never follows a link.
    private func swap(in parent: ContainedFolder) throws {
        guard parent.kind(of: name) != 0 else {
            return try parent.rename(spareName, over: name)
        }
        if parent.exchange(spareName, name) { return }
        let retired = ".\(name).galley-old-\(getpid())"
        try parent.rename(name, over: retired)
        do {
            try parent.rename(spareName, over: name)
        } catch {
            try? parent.rename(retired, over: name)
            throw error
        }
        try? parent.removeAll(spareName)
        try parent.rename(retired, over: spareName)
    }
}

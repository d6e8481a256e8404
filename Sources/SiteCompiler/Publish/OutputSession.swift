import Blocking
import FileSystem
import Foundation

/// Pages handed to the output as soon as they are rendered, from any thread: written into the
/// spare folder (see ``OutputWriter``) when their bytes differ from the live file's, otherwise
/// only noted, to be linked when the build finishes.
///
/// So a big build writes while it renders, on the kernel's time rather than after it, and does
/// not hold every page in memory at once. The spare is never seen by readers, so a build that
/// fails after this has written pages loses nothing. Every file operation goes through the two
/// folders held open (``ContainedFolder``), so none can leave them.
final class OutputSession: Publisher {
    let spare: ContainedFolder
    /// The live output folder, when there is one.
    let live: ContainedFolder?
    /// The lock on the output folder, held until the session ends.
    let lock: OutputLock
    /// The folder the output, its spare and its lock are in.
    var parent: ContainedFolder { lock.folder }
    /// What the threads that publish pages share.
    private struct State {
        var folders: Set<String> = [""]
        var written: Set<String> = []
        /// The stamps of the pages written in a spare made empty for this build, taken as each
        /// was written (see ``writtenStamps``).
        var stamps: [String: FileStamp] = [:]
        /// The stamps of the pages linked into a spare made empty (see ``linkedStamps``).
        var linked: [String: FileStamp] = [:]
        var same: Set<String> = []
        var failure: (any Error)?
        var relinked: [String: FileStamp] = [:]
        var linkedAfterSwap: [String: FileStamp] = [:]
        var leftInPlace: [String: FileStamp]?
    }
    private let state = Locked(State())
    /// The files of the live folder when a ``SpareRecord`` says how the spare differs from it
    /// (in ``pending``); nil when the spare's contents are unknown.
    let synced: Set<String>?
    /// The paths the spare differs from the live folder in by the record, brought up to date
    /// only once the build turns out to need the spare (``syncPending()``): a build that
    /// changes one page or none leaves the live folder in place and never does.
    let pending: [String]
    /// Every file of the live folder by a trusted ``SpareRecord``: the synced files, or what a
    /// build into a new folder left there. Nil when only a listing can tell.
    let liveFiles: Set<String>?
    /// Live files that ``sync(_:)`` linked into the spare, with their stamps just after. A new
    /// link changes a file's change time: recorded with the stamp from before, every page the
    /// last build wrote would look touched by hand to the next build, and be rendered again.
    var relinked: [String: FileStamp] { state.withLock { $0.relinked } }

    /// Whether the spare was made empty for this build, so that nothing but what the session
    /// puts there can be in it.
    let startedEmpty: Bool
    /// Another build of the blog whose files a build into a new folder shares where its bytes
    /// are the same (see ``OutputWriter/begin(_:sharing:)``); nil otherwise.
    let reference: ContainedFolder?

    init(spare: ContainedFolder, live: ContainedFolder?, lock: OutputLock, synced: Set<String>? = nil, pending: [String] = [],
         startedEmpty: Bool = false, liveFiles: Set<String>? = nil, reference: ContainedFolder? = nil) {
        self.spare = spare
        self.live = live
        self.lock = lock
        self.synced = synced
        self.pending = pending
        self.liveFiles = liveFiles ?? synced
        self.startedEmpty = startedEmpty
        self.reference = live == nil && startedEmpty ? reference : nil
    }

    /// Makes the spare the live folder but for the pages this session wrote there: each of
    /// ``pending`` but those pages, and the folders they are in, which the spare must keep.
    func syncPending() throws {
        guard !pending.isEmpty else { return }
        let written = state.withLock { $0.written }
        guard !written.isEmpty else { return try sync(pending) }
        var holding = Set<String>()
        for path in written {
            var folder = RelativePath.folder(of: path)
            while !folder.isEmpty, holding.insert(folder).inserted { folder = RelativePath.folder(of: folder) }
        }
        try sync(pending.filter { !written.contains($0) && !holding.contains($0) })
    }

    /// Makes each of `paths` in the spare what it is in the live folder: a link to the same
    /// file, a folder, or nothing. Parents come before children, so a file that became a folder
    /// (or the other way) is replaced whole.
    func sync(_ paths: [String]) throws {
        guard let live else { return }
        // After a build that rewrote every page, that is every file: those whose folder both
        // sides hold are linked a folder at a time, on every core, and the rest the careful way.
        var namesIn: [String: [String]] = [:]
        for path in paths { namesIn[RelativePath.folder(of: path), default: []].append(RelativePath.lastComponent(of: path)) }
        let folders = namesIn.sorted { $0.key < $1.key }
        let spare = spare
        let linked = Parallel.map(folders, inRuns: true) { spare.relink($0.value, inFolder: $0.key, from: live) }
        var left = Set(paths)
        var relinked: [String: FileStamp] = [:]
        for ((folder, _), files) in zip(folders, linked) {
            for file in files {
                let path = folder.isEmpty ? file.name : folder + "/" + file.name
                left.remove(path)
                if let after = FileStamp(file.after) { relinked[path] = after }
            }
        }
        state.withLock { $0.relinked.merge(relinked) { $1 } }
        for path in paths.sorted() where left.contains(path) {
            let liveInfo = live.info(of: path)
            let liveKind = liveInfo.map { $0.st_mode & S_IFMT } ?? 0
            let spareKind = spare.kind(of: path)
            if spareKind != 0, spareKind != liveKind {
                try spare.removeAll(path)
            }
            switch liveKind {
            case S_IFREG:
                try folder(RelativePath.folder(of: path))
                // Where no link can be made (another file system), a copy keeps the spare true
                // to the record, which later steps trust without looking.
                try spare.mirror(path, from: live)
                if let after = live.info(of: path).flatMap(FileStamp.init) {
                    state.withLock { $0.relinked[path] = after }
                }
            case S_IFDIR:
                try folder(path)
            default:
                continue
            }
        }
    }

    /// Makes the parent folders of `path` exist in the spare.
    func parents(of path: String) throws {
        try folder(RelativePath.folder(of: path))
    }

    /// Writes the page at `path` (relative to the output folder) into the spare, unless the
    /// live folder holds it already.
    func publish(_ path: String, _ text: String) {
        // Written from the string's own bytes: a copy of each page into a Data cost as much again.
        var text = text
        text.withUTF8 { put(path, bytes: UnsafeRawBufferPointer($0)) }
    }

    private func put(_ path: String, bytes: UnsafeRawBufferPointer) {
        if let live, live.regularFile(path, holding: bytes) != nil {
            state.withLock { _ = $0.same.insert(path) }
            return
        }
        do {
            try folder(RelativePath.folder(of: path))
            if startedEmpty {
                // Nothing in a spare made for this build is a link to a live file, so a page
                // may be written in place. With a reference, some are links to its files, though
                // never at a page written: each page comes once, and is written only as a new file.
                let stamp = try (reference.flatMap { spare.linkIfHolding(bytes, at: path, from: $0) }
                    ?? spare.write(bytes, to: path, exclusive: reference != nil)).flatMap(FileStamp.init)
                state.withLock { state in
                    state.written.insert(path)
                    state.stamps[path] = stamp
                }
            } else {
                try spare.replace(path, with: bytes)
                state.withLock { _ = $0.written.insert(path) }
            }
        } catch {
            state.withLock { state in if state.failure == nil { state.failure = error } }
        }
    }

    /// The stamps of the pages this session wrote in a spare made empty for the build, as each
    /// was written: nothing else writes there, and the spare becomes the live folder by a rename
    /// of the folder, which leaves its files as they are. None for pages written otherwise
    /// (replacing a file renames the new one into place, which changes its change time).
    var writtenStamps: [String: FileStamp] {
        state.withLock { $0.stamps }
    }

    /// The stamps of the live pages linked into a spare made empty for the build, as each was
    /// found once linked (a link changes the file's change time): the spare becomes the live
    /// folder by a rename, which leaves them as they are.
    var linkedStamps: [String: FileStamp] {
        state.withLock { $0.linked }
    }

    /// Nil when the live folder was replaced by the spare (or the build failed); when it was
    /// left in place, the stamps of the files the writer put into it (none when nothing
    /// changed). The kept pages' live files are then as the build found them.
    var leftInPlace: [String: FileStamp]? {
        state.withLock { $0.leftInPlace }
    }

    /// Notes that the live folder stays where it is, with `placed` put into it.
    func noteLeftInPlace(_ placed: [String: FileStamp]) {
        state.withLock { $0.leftInPlace = placed }
    }

    /// Live files that the writer linked into the spare once the folders had changed places (see
    /// ``OutputWriter``), with their stamps just after: nothing touches them later in the build,
    /// so these are their stamps as the build leaves them, whatever was noted of them before.
    var linkedAfterSwap: [String: FileStamp] {
        state.withLock { $0.linkedAfterSwap }
    }

    /// Notes the stamps of live files just linked into the spare after the swap.
    func noteLinkedAfterSwap(_ stamps: [String: FileStamp]) {
        guard !stamps.isEmpty else { return }
        state.withLock { $0.linkedAfterSwap.merge(stamps) { $1 } }
    }

    /// Notes the stamps of pages just linked into the spare.
    func noteLinked(_ stamps: [String: FileStamp]) {
        guard !stamps.isEmpty else { return }
        state.withLock { $0.linked.merge(stamps) { $1 } }
    }

    /// The paths the spare differs from the live folder in: the record's, the pages this session
    /// put there and the folders it made for them. Nil after a failed write, which may have
    /// left what no list names.
    var differsFromRecord: [String]? {
        state.withLock { state in
            guard state.failure == nil else { return nil }
            var paths = Set(pending)
            paths.formUnion(state.written)
            paths.formUnion(state.folders.lazy.filter { !$0.isEmpty })
            return Array(paths)
        }
    }

    /// The pages written and the pages found unchanged, or the first error met.
    func outcome() throws -> (written: Set<String>, same: Set<String>) {
        let (written, same, failure) = state.withLock { ($0.written, $0.same, $0.failure) }
        if let failure { throw failure }
        return (written, same)
    }

    /// Makes the folder `relative` exist in the spare, replacing a file that stands in its way.
    private func folder(_ relative: String) throws {
        if state.withLock({ $0.folders.contains(relative) }) { return }
        try folder(RelativePath.folder(of: relative))
        if startedEmpty, spare.makeFolder(inOwnTree: relative) {
            state.withLock { _ = $0.folders.insert(relative) }
            return
        }
        do {
            try spare.makeFolder(relative)
        } catch {
            // A file (or a planted link) in the way is removed, never followed. Another thread
            // may be doing the same for a page beside this one: whichever removes it, both then
            // find a folder or make one.
            // The other thread may also have removed the file between our two looks: then
            // there is nothing in the way, and the folder is made as if it never was.
            if spare.kind(of: relative) != 0 { spare.removeFile(relative) }
            try spare.makeFolder(relative)
        }
        state.withLock { _ = $0.folders.insert(relative) }
    }
}

import FileSystem
import Foundation
import SiteContent
import SiteSource

/// The record phase, and its use by the next build: what a build leaves in the cache so that
/// the next one can trust what it finds, and stop at once when nothing has moved.
extension SiteBuilder {
    /// The report of a build that need not run: the stamp the last build left says no source
    /// and no output file has moved since. Otherwise nil, and the stale stamp is removed.
    func upToDate(cacheFile: URL, state: SourceState?, output: URL, clock: BuildClock) -> Report? {
        let stampFile = BuildStamp.file(beside: cacheFile)
        if let state, let stamp = BuildStamp.load(from: stampFile, key: BuildStamp.key(state: state, options: options)),
            stamp.describes(output.standardizedFileURL.path, at: options.now), stamp.recentSourcesHold(in: source)
        {
            let config = try? SiteConfig.load(from: source)
            var report = Report(posts: stamp.posts, pages: stamp.pages, written: 0, unchanged: stamp.outputs.count, seconds: clock.seconds,
                                warnings: quoting(stamp.warnings), baseURL: options.baseURL ?? config?.baseURL ?? URL(filePath: "/"))
            report.upToDate = true
            report.leftOut = (stamp.leftOutDrafts, stamp.leftOutFuture)
            report.baseURLIsSet = options.baseURL != nil || config?.baseURLIsSet != false
            return report
        }
        try? FileManager.default.removeItem(at: stampFile)
        return nil
    }

    /// Records each output file as it now stands, with what each page was made from, and
    /// leaves a stamp of the sources and outputs for the next build.
    /// The cache's page records are updated in `compiled` itself: a copy would leave this thread
    /// freeing the whole site's documents when it ends, where the build hands them to another.
    func record(_ compiled: inout Compiled, session: OutputSession, output: URL, cacheFile: URL, state: SourceState?, clock: BuildClock) {
        var timer = PhaseTimer()
        // One stat a file, on every core, serves the page records and the stamp alike.
        let paths = Array(compiled.output.files.keys)
        // A kept page the writer left alone in a synced spare, or in a live folder left in
        // place, is the very file (inode) the renderer found live: its stamp is known without
        // another stat, or from the spare's sync, if that linked it (which changed its times).
        let placed = session.leftInPlace
        let untouched = placed == nil ? session.synced ?? [] : []
        let relinked = session.relinked
        let made = compiled.pages
        // A page the session wrote into an empty spare, and nothing wrote after it, is as the
        // session found it after writing.
        let written = session.writtenStamps
        // So is a page the writer linked into an empty spare, as it found it once linked.
        let linked = session.linkedStamps
        let linkedAfterSwap = session.linkedAfterSwap
        let live = OpenFolder(output.standardizedFileURL.path)
        // Each page's record, and whether it differs from the last build's, found on every
        // core: after an edit nearly all are the same, and one lookup each says so.
        let previous = compiled.previousPages
        let entries = Parallel.map(paths) { path -> (stamp: FileStamp?, record: BuildCache.PageRecord?, changed: Bool) in
            let page = made[path]
            var stamp: FileStamp?
            if let placed, let known = placed[path] {
                stamp = known
            } else if case .file(let kept) = page?.kept, placed != nil || untouched.contains(path) {
                stamp = relinked[path] ?? kept
            } else if placed == nil, let page, page.kept == nil, let known = written[path] {
                stamp = known
            } else if placed == nil, let known = linked[path] {
                stamp = known
            } else {
                stamp = live.flatMap { FileStamp.of(path, in: $0) }
            }
            // A file linked into the spare after the swap changed its change time then: the
            // stamp from after the link is its own, as long as the file is still the one the
            // build knew (one changed by hand in between keeps the older stamp, and so is
            // rendered again next time).
            if let after = linkedAfterSwap[path], stamp.map({ $0.isSameFile(as: after) }) ?? true { stamp = after }
            guard let stamp, let page else { return (stamp, nil, false) }
            let record = BuildCache.PageRecord(fingerprint: page.fingerprint, stamp: stamp)
            return (stamp, record, previous[path] != record)
        }
        timer.lap("output stamps")
        // A source changed within a clock tick of the state being read could change again
        // unseen: the stamp names each such post or page with what was read of it, for the next
        // build to compare; any other such file, and the build leaves no stamp. Nor does one
        // that had no emoji names where the blog asks for them: they may be there next time.
        // Made and written on another thread while the page records are.
        var savingStamp: Background<Void>?
        if let state, let recent = Self.recentSources(of: state, read: compiled.cache.documents, since: clock.startWall - racyMargin),
            !entries.contains(where: { $0.stamp == nil }), !compiled.lacksEmoji
        {
            let key = BuildStamp.key(state: state, options: options)
            let validUntil = Int(compiled.validUntil.timeIntervalSince1970.rounded(.down))
            let (posts, pages, leftOut, warnings) = (compiled.site.posts.count, compiled.site.pages.count, compiled.leftOut, compiled.warnings)
            savingStamp = Background {
                let outputs = zip(paths, entries).map { BuildStamp.Output(path: $0, stamp: $1.stamp!) }
                let stamp = BuildStamp(key: key, validUntil: validUntil, posts: posts, pages: pages, leftOutDrafts: leftOut.drafts,
                                       leftOutFuture: leftOut.future, warnings: warnings, outputs: outputs, recent: recent)
                try? stamp.save(to: BuildStamp.file(beside: cacheFile))
            }
        }
        // Held here alone, so that updating a few records does not copy them all.
        var records = consume previous
        compiled.previousPages = [:]
        compiled.cache.pages = [:]
        var changed = false
        var pageCount = 0
        for (path, entry) in zip(paths, entries) {
            guard let record = entry.record else { continue }
            pageCount += 1
            if entry.changed {
                records[path] = record
                changed = true
            }
        }
        // More records than pages: some pages are gone, and their records with them.
        if records.count != pageCount {
            records = Dictionary(zip(paths, entries).compactMap { path, entry in entry.record.map { (path, $0) } }, uniquingKeysWith: { $1 })
            changed = true
        }
        compiled.cache.pages = records
        if changed {
            try? compiled.cache.savePages(to: cacheFile)
        }
        compiled.savingDocuments?.wait()
        timer.lap("save cache")
        savingStamp?.wait()
        timer.lap("save stamp")
        // A path and a stamp for every file of the site: let go of them on another thread.
        Parallel.release((consume paths, consume entries))
    }
}

extension SiteBuilder {
    /// The files of `state` changed at `moment` or later (nanoseconds since 1970), each with the
    /// digest of what this build read of it (`read`, the cache's documents once this build has
    /// told it what it read); empty when none was. Nil when one of them is not a post or page
    /// that the build read (a layout, galley.yml, a picture), whose contents are not digested
    /// as they are read. Folders do not count: a name added, removed or replaced in one changes
    /// the names or the inodes the next walk finds.
    static func recentSources(of state: SourceState, read: [String: CachedDocument], since moment: Int) -> [BuildStamp.Recent]? {
        guard state.isRacy(at: moment, margin: 0) else { return [] }
        var recent: [BuildStamp.Recent] = []
        for (path, version) in state.versions where version.changed >= moment {
            guard let document = read[path] else { return nil }
            recent.append(BuildStamp.Recent(path: path, source: document.source))
        }
        // A tree that keeps no versions cannot say which files are recent.
        if recent.isEmpty, state.versions.isEmpty { return nil }
        return recent.sorted { $0.path < $1.path }
    }
}

/// When a build started, by the wall clock (for the stamp) and the monotonic one (for the report).
struct BuildClock {
    let start = ContinuousClock.now
    let startWall = Int(Date().timeIntervalSince1970 * 1e9)

    /// Seconds since the build started.
    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

import Blocking
import Diagnostics
import Digests
import FileSystem
import Foundation
import Markdown
import SiteContent
import SiteSource

/// A whole build kept in memory, for a server that shows the blog while it is being written:
/// the next build (``SiteBuilder/build(after:)``) reads only the files that changed and renders
/// only the pages whose inputs did, as a build with a cache folder does, but with nothing read
/// from or written to disk besides the blog itself.
package struct MemorySite: Sendable {
    /// One file of the site.
    package enum File: Sendable, Equatable {
        /// A page or generated file, with its bytes.
        case bytes(Data)
        /// A file of the blog served as it is (a static file, a theme's file, a bundle's photo),
        /// read from the source when asked for; `version` changes when the file may have.
        case source(path: String, version: FileVersion?)
    }

    /// Every file of the site by output path (`2019/10/08/hello/index.html`).
    package private(set) var files: [String: File]
    /// Things worth knowing that did not stop the build.
    package private(set) var warnings: [Diagnostic]
    /// The number of posts and pages published.
    package private(set) var posts: Int, pages: Int
    /// The drafts and future posts the options left out.
    package private(set) var leftOut: (drafts: Int, future: Int)
    /// When the site goes stale with no file changed: a future post comes due, or a year begins.
    package private(set) var validUntil: Date
    /// The files the build that made this site made, or looked at, anew; every other one is a
    /// page it kept, as it was, from the build before.
    package private(set) var renewed: Set<String>

    /// What the next build may reuse, and what each page was made from.
    var cache: BuildCache
    var fingerprints: [String: Fingerprint]
    /// The highlighter and the answers it gave, which the next build goes on with.
    var highlighting: CodeHighlighting?
    /// The typesetter and the answers it gave, which the next build goes on with.
    var typesetting: MathTypesetting?

    /// Which pages of this site a build made with `cache` may keep as they are.
    func intact(under cache: BuildCache) -> any Outdatedness {
        guard cache.pagesKey == self.cache.pagesKey else { return RenderEverything() }
        return HeldPages(fingerprints: fingerprints)
    }
}

/// The pages a ``MemorySite`` holds, kept while a page is planned from the same inputs.
struct HeldPages: Outdatedness {
    var fingerprints: [String: Fingerprint]

    func kept(_ path: String, fingerprint: Fingerprint) -> KeptPage? {
        fingerprints[path] == fingerprint ? .held : nil
    }
}

extension BuildCache {
    /// Takes the documents of a cache held in memory, when they were made under the same keys.
    mutating func adopt(_ held: BuildCache) {
        guard held.documentsKey == documentsKey else { return }
        documents = held.documents
    }
}

extension SiteBuilder {
    /// Builds the blog into memory, reusing what `previous` read and rendered: a file that did
    /// not change is not read again, and a page made from the same inputs is not rendered again.
    /// Code highlighted is kept in `cacheFolder`'s highlight cache, which builds into folders
    /// share, when one is given. Every problem found is thrown together; `previous` stays as it was.
    package func build(after previous: MemorySite?, cacheFolder: URL? = nil) throws(BuildFailure) -> MemorySite {
        var timer = PhaseTimer()
        let state = try? source.state(of: Self.inputs)
        timer.lap("source state")
        let memory = MemoryPublisher()
        let compiled = try compile(progress: nil, publisher: memory, memory: HeldMemory(previous: previous, state: state, cacheFolder: cacheFolder))
        if let highlighting = compiled.highlighting, highlighting.cache.folder != nil {
            // Off the path to the reload event: the answers are in memory for the next build anyway.
            BlockingPool.shared.detach { try? highlighting.cache.save() }
        }
        if let typesetting = compiled.typesetting, typesetting.cache.folder != nil {
            BlockingPool.shared.detach { try? typesetting.cache.save() }
        }
        timer = PhaseTimer()
        let published = memory.pages
        // The last build's files and fingerprints, brought up to date: after an edit nearly all
        // are pages it kept, whose fingerprints are the same. Made anew, ten thousand entries
        // cost more than the edit.
        var files = previous?.files ?? [:], fingerprints = previous?.fingerprints ?? [:]
        var renewed = Set<String>(), kept = 0
        for (path, file) in compiled.output.files {
            let made: MemorySite.File
            switch file.content {
            case .text(let text): made = .bytes(Data(text.utf8))
            case .data(let data): made = .bytes(data)
            case .source(let sourcePath): made = .source(path: sourcePath, version: source.version(of: sourcePath))
            case .page:
                guard let text = published[path] else {
                    if files[path] != nil { kept += 1 }
                    continue
                }
                made = .bytes(Data(text.utf8))
            }
            files[path] = made
            renewed.insert(path)
            // Nil for a file that is no page: a page there later is never taken for this one.
            fingerprints[path] = compiled.pages[path]?.fingerprint
        }
        // Files the last build made and this one does not: only then are there more.
        if files.count > renewed.count + kept {
            let output = compiled.output.files
            for path in files.keys.filter({ output[$0] == nil }) {
                files.removeValue(forKey: path)
                fingerprints.removeValue(forKey: path)
            }
        }
        let site = MemorySite(files: files, warnings: compiled.warnings, posts: compiled.site.posts.count, pages: compiled.site.pages.count,
                              leftOut: compiled.leftOut, validUntil: compiled.validUntil, renewed: renewed, cache: compiled.cache, fingerprints: fingerprints,
                              highlighting: compiled.highlighting, typesetting: compiled.typesetting)
        // The build's own structures (the site, the plan, every page's closure) go on another thread.
        Parallel.release((consume compiled, consume published, consume state))
        timer.lap("site in memory")
        return site
    }
}

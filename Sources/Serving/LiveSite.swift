import Blocking
import Diagnostics
import FileSystem
import Foundation
import SiteCompiler
import SiteSource

/// The blog as `galley serve` shows it: built into memory, built again after each change, and
/// what changed told to the open pages. A failed build leaves the last good site in place and
/// shows its errors instead of the pages until a build succeeds again.
package final class LiveSite: Sendable {
    /// What requests are answered from.
    struct State: Sendable {
        var site: ServedSite
        /// The problems of the latest build, when it failed.
        var failure: [Diagnostic]?
        /// Whether any build has finished, failed or not.
        var built = false
    }

    /// What one build did, for the terminal.
    package enum Outcome: Sendable {
        /// The site changed: how many pages were rendered, and how many files differ.
        case built(posts: Int, pages: Int, rendered: Int, changed: Int, warnings: [Diagnostic], leftOut: (drafts: Int, future: Int), seconds: Double)
        case failed([Diagnostic], seconds: Double)
    }

    let hub = ReloadHub()
    /// The blog's folder held open, to send its files from beneath it; nil when it cannot be opened.
    let folder: OpenFolder?
    private let current: Locked<State>
    /// Only the one thread that builds touches it.
    private let memory = Locked<MemorySite?>(nil)
    private let builds = Locked(0)
    /// Tells one run of the server from another, so that a page open across a restart reloads.
    private let run = String(UInt32.random(in: .min ... .max), radix: 36)

    /// A site not built yet, whose blog files are read from `root`.
    package init(root: URL? = nil) {
        folder = root.flatMap { OpenFolder($0.path) }
        current = Locked(State(site: ServedSite(build: "\(run)-0")))
    }

    var state: State { current.withLock { $0 } }
    var build: String { current.withLock { $0.site.build } }

    /// When the site goes stale with no file changed (a future post comes due).
    package var validUntil: Date? { memory.withLock { $0?.validUntil } }

    /// How many pages are listening for reload events.
    package var listeners: Int { hub.count }

    /// Whether the pages show a good build: the errors of a build that failed on top of it may
    /// wait a moment (see ``rebuild(with:cacheFolder:holdingFailure:)``).
    var isShowingAGoodBuild: Bool { current.withLock { $0.built && $0.failure == nil } }

    /// Builds the blog again, reusing what the last build made, and tells the open pages what
    /// changed: a stylesheet alone is swapped in place, anything else reloads them.
    /// Not to be called from two threads at once.
    ///
    /// With `holdingFailure`, a failed build leaves the pages as they were, for the caller to
    /// ``show(failure:)`` once it is sure no fix is on its way: an editor that empties a file
    /// and then writes it would otherwise flash the error page.
    @discardableResult
    package func rebuild(with builder: SiteBuilder, cacheFolder: URL? = nil, holdingFailure: Bool = false) -> Outcome {
        let start = DispatchTime.now()
        let previous = memory.withLock { $0 }
        let number = builds.withLock { count in
            count += 1
            return count
        }
        let id = "\(run)-\(number)"
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        do {
            let made = try builder.build(after: previous, cacheFolder: cacheFolder)
            memory.withLock { $0 = made }
            let old = state
            let served = ServedSite(made, previous: old.built ? old.site : nil, build: id)
            let changed = served.changed
            current.withLock { $0 = State(site: served, failure: nil, built: true) }
            // A page whose banner of warnings changed reloads as a changed page does.
            announce(changed: changed, pagesChanged: old.failure != nil || served.warnings != old.site.warnings,
                     firstBuild: !old.built, build: id)
            let outcome = Outcome.built(posts: made.posts, pages: made.pages, rendered: made.renewed.count,
                                        changed: changed.count, warnings: made.warnings, leftOut: made.leftOut, seconds: seconds())
            // The last build's site is let go of on another thread: freeing ten thousand pages'
            // entries is work the next save need not wait for.
            let leftovers = (consume previous, consume old)
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(leftovers) {} }
            return outcome
        } catch {
            if !holdingFailure { show(failure: error.diagnostics, build: id) }
            return .failed(error.diagnostics, seconds: seconds())
        }
    }

    /// Shows the errors of a failed build in place of the pages, until a build succeeds.
    func show(failure diagnostics: [Diagnostic], build id: String? = nil) {
        let id = id ?? "\(run)-\(builds.withLock { $0 })"
        current.withLock { state in
            state.failure = diagnostics
            state.built = true
            state.site.build = id
        }
        hub.send(event: "reload", data: id)
    }

    /// `pagesChanged`: every page differs from what the browser shows (the error page, or
    /// another banner of warnings), whatever files changed.
    private func announce(changed: [String], pagesChanged: Bool, firstBuild: Bool, build: String) {
        if !pagesChanged, !firstBuild, !changed.isEmpty, changed.allSatisfy({ $0.hasSuffix(".css") }) {
            hub.send(event: "css", data: StylesheetChange(build: build, paths: changed.map { "/" + $0 }).json)
        } else if pagesChanged || firstBuild || !changed.isEmpty {
            hub.send(event: "reload", data: build)
        }
    }

    /// Keeps idle event streams open through proxies and tells a closed one from an open one.
    func keepAlive() { hub.send(": still here\n\n") }

    /// Ends every event stream, so that the server can stop without waiting for them.
    func close() { hub.close() }
}

/// The data of a `css` event: the build, and the stylesheets it changed.
private struct StylesheetChange: Encodable {
    var build: String
    var paths: [String]

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

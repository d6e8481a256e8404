import Blocking
import Diagnostics
import Failures
import Foundation
import Highlighting
import Hummingbird
import Logging
import ServiceLifecycle
import SiteCompiler
import SiteContent
import SiteSource
import Typesetting

/// `galley serve`: builds a blog into memory, serves it over HTTP on one address, builds it
/// again whenever one of its files changes, and has the open pages reload.
///
/// ```swift
/// let server = DevServer(settings: .init(site: blog), say: { print($0) })
/// try await server.run()   // until SIGINT or SIGTERM
/// ```
package struct DevServer: Sendable {
    /// What to serve, and where.
    package struct Settings: Sendable {
        package var site: URL
        /// The address to listen on: loopback unless the user asks for more.
        package var host: String
        /// The port; 0 takes any free one (the address is told through `ready`).
        package var port: Int
        package var includeDrafts: Bool
        package var includeFuture: Bool
        /// Whether a layout that reads a name no page has fails the build, as `galley build
        /// --strict` does.
        package var strict = false
        /// What highlights code blocks; nil shows them plain.
        package var highlighter: (any CodeHighlighter)?
        /// What names emoji for blogs with `emoji: true`.
        package var emoji: (any EmojiSource)?
        /// What typesets math; nil leaves it as TeX.
        package var typesetter: (any MathTypesetter)?
        /// Where highlighted code is kept between runs, shared with `galley build`: the blog's
        /// `.galley-cache` unless told otherwise, made if missing, and never a link.
        package var cacheFolder: URL?
        /// How long a connection may stay open with no request in it before it is closed, so that
        /// clients that connect and say nothing cannot pile up. A response being sent (an event
        /// stream) is never cut.
        package var idleTimeout: Duration = .seconds(30)
        /// How long one write of a file may wait for its reader before the connection is closed
        /// (see ``StalledWrite``).
        package var stalledWrite: Duration = .seconds(60)
        /// Where the server's tasks run; nil for the threads every task shares, one a core.
        /// Galley blocks none of those (builds go to ``BlockingPool``), but a test process runs
        /// its synchronous tests on them, for seconds each: a server started there needs
        /// threads of its own to answer in time.
        package var executor: (any TaskExecutor)?
        /// The blog's folder as the user named it, for messages (`blog/posts/a.md:3`, as
        /// `galley build` writes it); its full path when not set.
        package var shownAs: String {
            get { named ?? site.path }
            set { named = newValue }
        }
        private var named: String?

        package init(site: URL, host: String = "127.0.0.1", port: Int = 8000, includeDrafts: Bool = false, includeFuture: Bool = false,
                    highlighter: (any CodeHighlighter)? = nil, typesetter: (any MathTypesetter)? = nil, cacheFolder: URL? = nil) {
            self.site = site
            self.host = host
            self.port = port
            self.includeDrafts = includeDrafts
            self.includeFuture = includeFuture
            self.highlighter = highlighter
            self.typesetter = typesetter
            self.cacheFolder = cacheFolder
        }

        /// The cache folder, when it is a real folder or could be made one; a link or a file in
        /// its place (which `galley build` refuses) leaves the server without one.
        var usableCacheFolder: URL? {
            guard let cacheFolder, SiteBuilder.cacheFolderProblem(at: cacheFolder) == nil else { return nil }
            if access(cacheFolder.path, F_OK) != 0 { return mkdir(cacheFolder.path, 0o755) == 0 ? cacheFolder : nil }
            return cacheFolder
        }
    }

    package let settings: Settings
    /// Where the terminal's lines go: each build's outcome and the errors.
    let say: @Sendable (String) -> Void
    /// Called once with the site's address, after the first build.
    let ready: @Sendable (URL) -> Void

    package init(settings: Settings, say: @escaping @Sendable (String) -> Void, ready: @escaping @Sendable (URL) -> Void = { _ in }) {
        self.settings = settings
        self.say = say
        self.ready = ready
    }

    /// Serves until its task is cancelled (`galley serve` cancels it on SIGINT or SIGTERM), then
    /// shuts down gracefully: open event streams are ended, so that no browser tab holds the
    /// server up. A port another program holds is a ``ServeError``.
    package func run() async throws {
        if settings.port != 0, let problem = PortCheck.problem(host: settings.host, port: settings.port) { throw problem }
        var quiet = Logger(label: "galley.serve")
        quiet.logLevel = .critical
        let source = DirectorySource(root: settings.site)
        let live = LiveSite(root: settings.site)
        let responder = SiteResponder(live: live, source: source, hosts: HostCheck(bound: settings.host), stallLimit: settings.stalledWrite)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            responder: CallbackResponder<ServeContext> { request, context in await responder.respond(to: request, context: context) },
            server: .galleyHTTP1(idleTimeout: settings.idleTimeout),
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: "galley", reuseAddress: true),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? settings.port)
                portSink.finish()
            },
            logger: quiet
        )
        let watcher = WatchService(settings: settings, live: live, ports: ports, say: say, ready: ready)
        do {
            try await GracefulGroup.run([app, watcher], logger: quiet, executor: settings.executor)
        } catch let error as ServeError {
            throw error
        } catch where Task.isCancelled {
            return  // stopped as asked
        } catch {
            throw ServeError(message: "cannot serve on \(settings.host):\(settings.port): \(error)")
        }
    }

    /// The address pages are served at, as links in them name it. Bound to every address, it
    /// is the machine's first network address (`networkAddresses`), so that the feed, canonical
    /// and share links a phone on the network follows lead back here, not to its own localhost.
    static func address(host: String, port: Int, networkAddresses: @autoclosure () -> [String] = LocalAddresses.ipv4()) -> URL {
        let shown = switch host {
        case "0.0.0.0", "", "::": networkAddresses().first ?? "localhost"
        case _ where host.contains(":"): "[\(host)]"
        default: host
        }
        return URL(string: "http://\(shown):\(port)/")!
    }
}

/// The first build, then one after each burst of changes, until the server stops.
struct WatchService: Service {
    let settings: DevServer.Settings
    let live: LiveSite
    /// The builds, which stopping the server stops waiting for.
    let builds = BuildWait()
    let ports: AsyncStream<Int>
    let say: @Sendable (String) -> Void
    let ready: @Sendable (URL) -> Void

    func run() async throws {
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { return }
        let address = DevServer.address(host: settings.host, port: port)
        let settings = settings
        // Made for each build: "now" decides which posts are future, and must move on.
        let builder = { @Sendable in
            var options = BuildOptions(baseURL: address, includeDrafts: settings.includeDrafts, includeFuture: settings.includeFuture, now: Date(),
                                       highlighter: settings.highlighter, emoji: settings.emoji, typesetter: settings.typesetter)
            options.strict = settings.strict
            return SiteBuilder(source: DirectorySource(root: settings.site), options: options)
        }
        let cacheFolder = settings.usableCacheFolder
        let (changes, changeSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let lastChange = Locked(ContinuousClock.now)
        let watch = try FolderWatch(root: settings.site, inputs: SiteBuilder.inputs) {
            lastChange.withLock { $0 = .now }
            changeSink.yield()
        }
        await withGracefulShutdownHandler {
            guard let first = await rebuild(builder, cacheFolder) else { return }
            // The warnings of the last build that succeeded: each rebuild says what changed.
            var leftOut: (drafts: Int, future: Int)?
            var warnings = report(first, after: nil, leftOut: &leftOut)
            ready(address)
            await withTaskGroup(of: Void.self) { group in
                // Keeps idle event streams open, and builds again when a future post comes due.
                group.addTask {
                    var waited = 0
                    // Each moment the site goes stale asks for one build: a build that fails
                    // keeps the last good site's moment, which must not ask again every second.
                    var asked: Date?
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(1))
                        waited += 1
                        if waited % 15 == 0 { live.keepAlive() }
                        if let due = live.validUntil, due <= Date(), due != asked {
                            asked = due
                            changeSink.yield()
                        }
                    }
                }
                for await _ in changes {
                    let began = ContinuousClock.now
                    let holding = live.isShowingAGoodBuild
                    guard let outcome = await rebuild(builder, cacheFolder, holdingFailure: holding) else { break }
                    if holding, case .failed(let diagnostics, _) = outcome {
                        // An editor that empties a file before it writes it saves twice: the
                        // errors of the first save are shown only if no second one follows.
                        try? await Task.sleep(for: Self.fixWindow)
                        if lastChange.withLock({ $0 > began }) { continue }
                        live.show(failure: diagnostics)
                    }
                    warnings = report(outcome, after: warnings, leftOut: &leftOut)
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            builds.abandon()
            watch.stop()
            changeSink.finish()
            live.close()
        }
    }

    /// Builds on a thread of its own: a build keeps its cores busy and must not hold up the
    /// threads that answer requests.
    /// How long the errors of a build that broke a good site wait for a save that fixes them.
    static let fixWindow: Duration = .milliseconds(200)

    /// Nil when the server stops (or its task is cancelled) before the build ends.
    private func rebuild(_ builder: @escaping @Sendable () -> SiteBuilder, _ cacheFolder: URL?,
                         holdingFailure: Bool = false) async -> LiveSite.Outcome? {
        let live = live
        return await withTaskCancellationHandler {
            await builds.run { live.rebuild(with: builder(), cacheFolder: cacheFolder, holdingFailure: holdingFailure) }
        } onCancel: {
            builds.abandon()
        }
    }

    /// Says how a build went: its new warnings (all of them after the first build; after a
    /// rebuild, those the last good build had not, and how many of its own are gone), then the
    /// outcome, with the drafts and future posts left out when they are not those `leftOut`
    /// says the last good build left out (a new post dated tomorrow is there, but not shown).
    /// Returns the warnings the next rebuild is told against: this build's when it succeeded,
    /// else `earlier`'s.
    private func report(_ outcome: LiveSite.Outcome, after earlier: [Diagnostic]?, leftOut: inout (drafts: Int, future: Int)?) -> [Diagnostic] {
        let time = { (seconds: Double) in seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds) }
        switch outcome {
        case .built(let posts, let pages, let rendered, let changed, let warnings, let omitted, let seconds):
            let changes = WarningChanges(from: earlier ?? [], to: warnings)
            for warning in changes.new { say(warning.prefixed(by: settings.shownAs).said(as: "warning")) }
            var note = ""
            if leftOut.map({ $0 != omitted }) ?? true {
                note = SiteBuilder.leftOutNote(omitted).map { "; " + $0 } ?? (leftOut == nil ? "" : "; no draft or future post left out")
                leftOut = omitted
            }
            if earlier == nil {
                say("built \(posts) post\(posts == 1 ? "" : "s") and \(pages) page\(pages == 1 ? "" : "s") in \(time(seconds))" + note)
            } else {
                say("rebuilt in \(time(seconds)): \(rendered) file\(rendered == 1 ? "" : "s") made, \(changed) changed" + note)
            }
            if let gone = changes.goneLine { say(gone) }
            return warnings
        case .failed(let diagnostics, _):
            for diagnostic in diagnostics { say(diagnostic.prefixed(by: settings.shownAs).said(as: "error")) }
            say("build failed: \(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s"); the browser shows \(diagnostics.count == 1 ? "it" : "them") until a build succeeds")
            return earlier ?? []
        }
    }
}

/// Why `galley serve` cannot start or go on.
package struct ServeError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// A port near the one asked for that is free, when the one asked for is taken.
    package var freePort: Int?
    /// Whether the options given are what is wrong (a bad domain or label), not a file or a port.
    package var aboutOptions = false

    package init(message: String, freePort: Int? = nil, aboutOptions: Bool = false) {
        self.message = message
        self.freePort = freePort
        self.aboutOptions = aboutOptions
    }
}

extension ServeError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var category: FailureCategory { aboutOptions ? .usage : .fileOrPort }
}

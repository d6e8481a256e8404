import Foundation
import Highlighting
import Synchronization

/// Highlights code with Pygments (Debian's `python3-pygments`), run as one helper process that
/// lives as long as the highlighter and takes each body's blocks in one batch.
///
/// Pygments rather than a Swift library: none is among the packages Galley builds from, and
/// Pygments is the highlighter behind Jekyll's and GitHub's history and the model for Hugo's
/// Chroma, with lexers for every language a blog shows. Its class names are the ones themes
/// for those generators already style.
///
/// The helper starts when the first block needs it, so a build that finds every block in its
/// cache never starts Python. The helper is one Python process: the build's threads queue
/// their batches in its input and take its answers in turn.
public final class PygmentsHighlighter: CodeHighlighter {
    public let identity = "pygments/\(PygmentsScript.version)"
    /// The Pythons to try, in order: the first that has Pygments is used.
    public let pythons: [String]
    private let state = Mutex<State>(.idle)

    private enum State {
        case idle
        case running(PygmentsSession)
        case failed(HighlighterUnavailable)
    }

    /// Blocks longer than this are shown plain: no post needs such a block highlighted, and a
    /// lexer's time on one is unbounded.
    public static let largestBlock = 1 << 20

    /// A highlighter that runs the first of `pythons` (by default ``defaultPythons(path:)``)
    /// that has Pygments.
    public init(pythons: [String]? = nil) {
        self.pythons = pythons ?? Self.defaultPythons()
    }

    /// Debian's own `/usr/bin/python3` first, whose Pygments is the `python3-pygments` package
    /// `scripts/galley` installs; then each `python3` on `path`, which may be a pyenv or venv
    /// Python with a Pygments of its own.
    public static func defaultPythons(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> [String] {
        var pythons = ["/usr/bin/python3"]
        for folder in (path ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let python = "\(folder)/python3"
            if !pythons.contains(python) { pythons.append(python) }
        }
        return pythons
    }

    /// The Pygments version in use, once the helper has started.
    public var pygmentsVersion: String? {
        state.withLock { state in
            if case .running(let session) = state { return session.version }
            return nil
        }
    }

    public func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
        let sent = blocks.indices.filter { !blocks[$0].code.isEmpty && blocks[$0].code.utf8.count <= Self.largestBlock }
        var answers = [String?](repeating: nil, count: blocks.count)
        guard !sent.isEmpty else { return answers }
        let batch = try PygmentsBatch(sent.map { blocks[$0] })
        let session = try state.withLock { state throws(HighlighterUnavailable) in try self.session(in: &state) }
        let highlighted: [String?]
        do throws(HighlighterUnavailable) {
            highlighted = try batch.answers(from: try session.exchange(batch))
        } catch {
            state.withLock { $0 = .failed(error) }
            throw error
        }
        for (index, html) in zip(sent, highlighted) { answers[index] = html }
        return answers
    }

    /// The running helper, started if it is not yet; called with the state locked.
    private func session(in state: inout State) throws(HighlighterUnavailable) -> PygmentsSession {
        switch state {
        case .failed(let problem):
            throw problem
        case .running(let session):
            return session
        case .idle:
            do throws(HighlighterUnavailable) {
                let session = try start()
                state = .running(session)
                return session
            } catch {
                state = .failed(error)
                throw error
            }
        }
    }

    private func start() throws(HighlighterUnavailable) -> PygmentsSession {
        var reasons: [String] = []
        // `/bin/python3` is `/usr/bin/python3` on a merged-/usr system: each program is tried once.
        var tried = Set<String>()
        for python in pythons where access(python, X_OK) == 0 && tried.insert(Self.resolved(python)).inserted {
            do throws(HighlighterUnavailable) {
                return try PygmentsSession.start(python: python)
            } catch {
                reasons.append(error.message)
            }
        }
        guard !reasons.isEmpty else {
            let looked = pythons.count <= 2 ? pythons.joined(separator: " and ") : "\(pythons[0]) and each python3 on PATH"
            throw HighlighterUnavailable("no python3 found (looked for \(looked))")
        }
        throw HighlighterUnavailable(reasons.joined(separator: "; "))
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

import Blocking
import Foundation
import Highlighting

/// Highlights code with Pygments (Debian's `python3-pygments`), run as one helper process that
/// lives as long as the highlighter and takes each body's blocks in one batch.
///
/// Pygments rather than a Swift library: none is among the packages Galley builds from, and
/// Pygments is the highlighter behind Jekyll's and GitHub's history and the model for Hugo's
/// Chroma, with lexers for every language a blog shows. Its class names are the ones themes
/// for those generators already style.
///
/// The helper starts when the first block needs it, so a build that finds every block in its
/// cache never starts Python. A second one starts, up to ``defaultHelperLimit`` (one a core but
/// one), only when a batch comes while every helper is busy: one Python process lexes on one
/// core, and on a cold build of 10,000 posts with code a lone helper once left the other cores
/// idle while the build waited (82% longer than without highlighting, against 18% more CPU).
/// Since bodies are rendered on every core while the blocks are lexed, two cores are full with
/// one. Each helper takes its batches in turn.
package final class PygmentsHighlighter: CodeHighlighter {
    /// `pygments/SCRIPT/INSTALLATION`: the script's version, and the stamp of the Pygments the
    /// helper will import (``PythonPackages/installationStamp(of:pythons:)``), so that upgrading
    /// Pygments makes builds highlight and render code again rather than show the old answers.
    package let identity: String
    /// The Pythons to try, in order: the first that has Pygments is used.
    package let pythons: [String]
    private let state = Locked(State())
    /// At most this many helpers run at once.
    package let helperLimit: Int

    private struct State {
        /// The helpers started or starting so far.
        var helpers: [Helper] = []
        /// Why highlighting stopped for this highlighter, once no helper could start.
        var failure: HighlighterUnavailable?
        /// False once a helper failed to start beside others: they go on without it.
        var mayAdd = true
    }

    /// A helper, with how many batches it has in hand.
    private struct Helper {
        let start: HelperStart
        var busy = 0
    }

    /// How many helpers a build may run: one a core but one, from one to four. The build's own
    /// threads render bodies on every core while the helpers lex, and each helper costs some
    /// 35 ms of a core to start (Python, Pygments, a lexer's joined rules): on two cores a
    /// second one only took time from the build (1,000 posts from nothing, alternating: 158 to
    /// 154 ms and 184 to 170 ms with one; 10,000 alike either way).
    package static let defaultHelperLimit = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// Blocks longer than this are shown plain: no post needs such a block highlighted, and a
    /// lexer's time on one is unbounded.
    package static let largestBlock = 1 << 20

    /// A highlighter that runs the first of `pythons` (by default ``defaultPythons(path:)``)
    /// that has Pygments.
    package convenience init(pythons: [String]? = nil, helperLimit: Int = PygmentsHighlighter.defaultHelperLimit) {
        self.init(pythons: pythons, helperLimit: helperLimit, ruleByRule: false)
    }

    /// Whether the helpers find tokens as Pygments itself does, one rule after another, rather
    /// than by the script's joined rules: for tests that hold the two to the same tokens.
    let ruleByRule: Bool

    /// How long a batch and a block may take.
    let limits: Limits

    init(pythons: [String]? = nil, helperLimit: Int = PygmentsHighlighter.defaultHelperLimit, ruleByRule: Bool,
         limits: Limits = Limits()) {
        self.limits = limits
        self.pythons = pythons ?? Self.defaultPythons()
        self.helperLimit = max(1, helperLimit)
        self.ruleByRule = ruleByRule
        identity = "pygments/\(PygmentsScript.version)" + (PythonPackages.installationStamp(of: "pygments", pythons: self.pythons).map { "/" + $0 } ?? "")
    }

    /// Debian's own `/usr/bin/python3` first, whose Pygments is the `python3-pygments` package
    /// `scripts/galley` installs; then each `python3` on `path`, which may be a pyenv or venv
    /// Python with a Pygments of its own.
    package static func defaultPythons(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> [String] {
        var pythons = ["/usr/bin/python3"]
        for folder in (path ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let python = "\(folder)/python3"
            if !pythons.contains(python) { pythons.append(python) }
        }
        return pythons
    }

    /// The Pygments version in use, once the helper has started.
    package var pygmentsVersion: String? {
        state.withLock { $0.helpers.lazy.compactMap(\.start.started).first?.version }
    }

    package func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
        try highlightEach(blocks).map(\.html)
    }

    /// Each block highlighted, all in one batch; when the batch takes too long, each block
    /// again alone, so that the one a lexer is caught in is shown plain and the others are not.
    package func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight] {
        let sent = blocks.indices.filter { !blocks[$0].code.isEmpty && blocks[$0].code.utf8.count <= Self.largestBlock }
        var answers = [BlockHighlight](repeating: .plain, count: blocks.count)
        guard !sent.isEmpty else { return answers }
        let batch = try PygmentsBatch(sent.map { blocks[$0] })
        let batchLimit = limit(forBatchOf: batch.size)
        var made: [BlockHighlight]
        switch try exchange(batch, timeout: batchLimit) {
        case .answered(let highlighted):
            made = highlighted
        case .timedOut where sent.count == 1:
            made = [.tooSlow(seconds: Int(batchLimit.components.seconds))]
        case .timedOut:
            made = []
            for index in sent {
                let alone = try PygmentsBatch([blocks[index]])
                let blockLimit = limit(forBlockOf: alone.size)
                switch try exchange(alone, timeout: blockLimit) {
                case .answered(let highlighted): made += highlighted
                case .timedOut: made.append(.tooSlow(seconds: Int(blockLimit.components.seconds)))
                }
            }
        }
        for (index, answer) in zip(sent, made) { answers[index] = answer }
        return answers
    }

    /// How long Pygments may take before it is stopped.
    struct Limits: Sendable {
        /// Seconds for a batch, beside one for each 16 KB of it: long enough for any real post's code.
        var batch = 30
        /// Seconds for one block sent alone once its batch took too long, beside one for each 64 KB.
        var block = 5
    }

    /// How long a batch of `size` bytes may take.
    func limit(forBatchOf size: Int) -> Duration { .seconds(limits.batch + size / 16_384) }

    /// How long one block of `size` bytes sent alone may take.
    func limit(forBlockOf size: Int) -> Duration { .seconds(limits.block + size / 65_536) }

    private enum Outcome {
        case answered([BlockHighlight])
        case timedOut
    }

    /// Sends `batch` to the least busy helper and reads its answer. A helper that times out is
    /// stopped and replaced; one stopped or dead before it answered is replaced and the batch
    /// sent again, twice at most, after which highlighting stops for this highlighter.
    private func exchange(_ batch: PygmentsBatch, timeout: Duration) throws(HighlighterUnavailable) -> Outcome {
        var attempts = 0
        while true {
            let session = try chosenSession()
            do throws(HighlighterUnavailable) {
                switch try session.exchange(batch, timeout: timeout) {
                case .answered(let line):
                    let highlighted = try batch.answers(from: line)
                    release(session)
                    return .answered(highlighted.map { $0.map(BlockHighlight.html) ?? .plain })
                case .timedOut:
                    retire(session)
                    return .timedOut
                }
            } catch {
                retire(session)
                attempts += 1
                guard attempts < 3 else {
                    state.withLock { $0.failure = error }
                    throw error
                }
            }
        }
    }

    /// Counts a batch of `session`'s as answered.
    private func release(_ session: PygmentsSession) {
        state.withLock { state in
            guard let index = state.helpers.firstIndex(where: { $0.start.started === session }) else { return }
            state.helpers[index].busy -= 1
        }
    }

    /// Stops `session` and takes it out of use: the next batch goes to another helper.
    private func retire(_ session: PygmentsSession) {
        session.stop(HighlighterUnavailable("Pygments was stopped"))
        state.withLock { $0.helpers.removeAll { $0.start.started === session } }
    }

    /// Starts the first helper on a thread of its own, unless one runs: Python takes about a
    /// tenth of a second to import Pygments, which a cold build spends reading its sources.
    package func prepare() {
        let start = state.withLock { state -> HelperStart? in
            guard state.failure == nil, state.helpers.isEmpty else { return nil }
            let start = HelperStart()
            state.helpers.append(Helper(start: start))
            return start
        }
        guard let start else { return }
        BlockingPool.shared.detach { [self] in launch(start) }
    }

    /// Waits for every helper being started to have started, or failed to.
    package func settle() {
        for start in state.withLock({ $0.helpers.map(\.start) }) { _ = try? start.session() }
    }

    /// The session of the least busy helper, or of a new one when every helper is busy and
    /// there is room, started on this thread; waits for a helper that is still starting.
    private func chosenSession() throws(HighlighterUnavailable) -> PygmentsSession {
        while true {
            let (start, starter) = try state.withLock { state throws(HighlighterUnavailable) in try choose(in: &state) }
            if starter { launch(start) }
            // One that could not start has been dropped (or has ended highlighting): choose again.
            if let session = try? start.session() { return session }
        }
    }

    /// The helper the next batch goes to, and whether the caller is to start it; called with
    /// the state locked.
    private func choose(in state: inout State) throws(HighlighterUnavailable) -> (HelperStart, starter: Bool) {
        if let failure = state.failure { throw failure }
        var index = state.helpers.indices.min { state.helpers[$0].busy < state.helpers[$1].busy }
        var starter = false
        if index == nil || (state.helpers[index!].busy > 0 && state.mayAdd && state.helpers.count < helperLimit) {
            state.helpers.append(Helper(start: HelperStart()))
            index = state.helpers.count - 1
            starter = true
        }
        state.helpers[index!].busy += 1
        return (state.helpers[index!].start, starter)
    }

    /// Starts the helper `start` stands for, with no lock held. One that cannot start is dropped
    /// before its waiters hear of it: beside one that runs, it leaves that one at work (and no
    /// more are tried); beside others still starting, those decide; alone, highlighting stops
    /// for this highlighter.
    private func launch(_ start: HelperStart) {
        do throws(HighlighterUnavailable) {
            start.settle(.success(try self.start()))
        } catch {
            state.withLock { state in
                state.helpers.removeAll { $0.start === start }
                if state.helpers.isEmpty {
                    state.failure = state.failure ?? error
                } else if state.helpers.contains(where: { $0.start.started != nil }) {
                    state.mayAdd = false
                }
            }
            start.settle(.failure(error))
        }
    }

    private func start() throws(HighlighterUnavailable) -> PygmentsSession {
        var reasons: [String] = []
        // `/bin/python3` is `/usr/bin/python3` on a merged-/usr system: each Python is tried once.
        var tried = Set<String>()
        for python in pythons where access(python, X_OK) == 0 && tried.insert(PythonPackages.environment(of: python)).inserted {
            do throws(HighlighterUnavailable) {
                return try PygmentsSession.start(python: python, arguments: ruleByRule ? ["rule-by-rule"] : [])
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
}

import Blocking
import Foundation
import Testing

import Highlighting
@testable import Pygments

@Suite struct PygmentsHighlighterTests {
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func highlightsABatchAndLeavesUnknownLanguagesPlain() throws {
        let highlighter = PygmentsHighlighter(pythons: ["/usr/bin/python3"])
        let answers = try highlighter.highlight([
            CodeBlock(language: "swift", code: "let answer = 42 // a comment\n"),
            CodeBlock(language: "no-such-language", code: "whatever\n"),
            CodeBlock(language: "Python", code: "def greet(name):\n    return f\"hi {name}\"\n"),
            CodeBlock(language: "yml", code: "title: A blog\n"),
        ])
        #expect(answers.count == 4)
        #expect(answers[0] == #"<span class="kd">let</span> <span class="nv">answer</span> <span class="p">=</span> <span class="mi">42</span> <span class="c1">// a comment</span>"# + "\n")
        #expect(answers[1] == nil)
        #expect(answers[2]?.contains(#"<span class="k">def</span> <span class="nf">greet</span>"#) == true)
        // An alias Pygments 2.14 does not know by itself.
        #expect(answers[3]?.contains(#"<span class="nt">title</span>"#) == true)
        #expect(highlighter.pygmentsVersion != nil)
    }

    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func everyLanguageTheIssueNamesIsKnown() throws {
        let languages = ["swift", "objc", "objective-c", "c", "cpp", "c++", "sh", "bash", "console", "shell", "js", "javascript", "ts",
                         "typescript", "python", "py", "ruby", "rb", "go", "golang", "rust", "rs", "java", "kotlin", "kt", "json", "yaml",
                         "yml", "toml", "html", "css", "sql", "diff", "patch"]
        let answers = try PygmentsHighlighter(pythons: ["/usr/bin/python3"]).highlight(languages.map { CodeBlock(language: $0, code: "x = 1\n") })
        for (language, answer) in zip(languages, answers) {
            #expect(answer != nil, "\(language) is not known")
        }
    }

    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func codeStaysEscaped() throws {
        let code = "let s = \"</code></pre><script>alert(1)</script>\" & more\n"
        let answers = try PygmentsHighlighter(pythons: ["/usr/bin/python3"]).highlight([CodeBlock(language: "swift", code: code)])
        let html = try #require(answers[0])
        #expect(!html.contains("<script>") && !html.contains("</code>") && !html.contains("</pre>"))
        #expect(html.contains("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;") && html.contains("&amp;") && !html.contains("& "))
        // The private-use character Galley marks headings with is never written as it is.
        let marked = try PygmentsHighlighter(pythons: ["/usr/bin/python3"]).highlight([CodeBlock(language: "swift", code: "let a = \"\u{E000}0\u{E001}\"\n")])
        #expect(marked[0]?.contains("\u{E000}") == false)
    }

    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func manyThreadsShareOneHelperAndGetTheirOwnAnswers() throws {
        let highlighter = PygmentsHighlighter(pythons: ["/usr/bin/python3"])
        // Batches of every size, queued in the helper's input together: each thread must get
        // the answer to its own batch.
        let count = 200
        let answers = ThreadResults<String?>(count: count, empty: nil)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let padding = String(repeating: "// filler\n", count: index % 7 == 0 ? 5_000 : index % 5)
            let html = try? highlighter.highlight([CodeBlock(language: "go", code: "var n = \(index)\n" + padding)])
            answers.set(index, html?.first ?? nil)
        }
        for index in 0..<count {
            #expect(answers.values[index]?.contains(#"<span class="mi">\#(index)</span>"#) == true)
        }
    }

    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func preparingStartsTheHelperBeforeAnyBlockIsAsked() async throws {
        let highlighter = PygmentsHighlighter(pythons: ["/usr/bin/python3"])
        #expect(highlighter.pygmentsVersion == nil)
        highlighter.prepare()
        let deadline = ContinuousClock.now + .seconds(30)
        while highlighter.pygmentsVersion == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(highlighter.pygmentsVersion != nil)
        // Asked twice, it starts one helper; and the helper answers.
        highlighter.prepare()
        #expect(try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")])[0]?.contains("<span") == true)
    }

    /// Python takes a tenth of a second to start: a second helper starts beside the first, not
    /// after it. Each fake Python waits (ten seconds at most) for the other to have started too.
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func aSecondHelperStartsWhileTheFirstIsStarting() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = folder.appending(path: "python3"), log = folder.appending(path: "started"), alone = folder.appending(path: "alone")
        try """
            #!/bin/sh
            echo started >> '\(log.path)'
            i=0
            while [ "$(wc -l < '\(log.path)')" -lt 2 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
            [ "$(wc -l < '\(log.path)')" -ge 2 ] || touch '\(alone.path)'
            exec /usr/bin/python3 "$@"

            """.write(to: python, atomically: true, encoding: .utf8)
        chmod(python.path, 0o755)
        let highlighter = PygmentsHighlighter(pythons: [python.path], helperLimit: 2)
        let answers = Locked<[Int: String]>([:])
        // Two threads of their own: on one core, concurrentPerform would run the two in turn.
        let done = DispatchGroup()
        for index in 0..<2 {
            done.enter()
            Thread {
                let html = try? highlighter.highlight([CodeBlock(language: "swift", code: "let a\(index) = \(index)\n")])[0]
                answers.withLock { $0[index] = html ?? nil }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(answers.withLock { $0.count } == 2)
        #expect(answers.withLock { $0.values.allSatisfy { $0.contains("<span") } })
        #expect(!FileManager.default.fileExists(atPath: alone.path), "a helper started alone: the other waited for it")
        #expect(try String(contentsOf: log, encoding: .utf8) == "started\nstarted\n")
    }

    /// `settle()` returns once a helper that `prepare()` began has started: a Python that is
    /// slow to start has said so by then.
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func settlingWaitsForAPreparedHelper() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = folder.appending(path: "python3"), started = folder.appending(path: "started")
        try """
            #!/bin/sh
            sleep 0.3
            touch '\(started.path)'
            exec /usr/bin/python3 "$@"

            """.write(to: python, atomically: true, encoding: .utf8)
        chmod(python.path, 0o755)
        let highlighter = PygmentsHighlighter(pythons: [python.path], helperLimit: 1)
        highlighter.prepare()
        highlighter.settle()
        #expect(FileManager.default.fileExists(atPath: started.path))
        // Settled, it highlights with the helper it started.
        #expect(try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")])[0]?.contains("<span") == true)
    }

    @Test func aHighlighterThatCannotStartSaysSoWhenAsked() async throws {
        let highlighter = PygmentsHighlighter(pythons: ["/nonexistent/python3"])
        highlighter.prepare()
        try await Task.sleep(for: .milliseconds(200))
        #expect(throws: HighlighterUnavailable.self) { try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")]) }
    }

    /// The identity names the Pygments installation the helper will import, found by `stat`:
    /// upgrading Pygments replaces its files, and so changes the identity, which builds cache by.
    @Test func anUpgradedPygmentsIsAnotherIdentity() throws {
        let prefix = FileManager.default.temporaryDirectory.appending(path: "galley-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let python = prefix.appending(path: "bin/python3"), package = prefix.appending(path: "lib/python3.11/site-packages/pygments")
        try FileManager.default.createDirectory(at: python.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A program, as Python is (a script such as a pyenv shim gets no stamp).
        try "\u{7F}ELF".write(to: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        let without = PygmentsHighlighter(pythons: [python.path]).identity
        #expect(without == "pygments/\(PygmentsScript.version)")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "__version__ = '2.14.0'\n".write(to: package.appending(path: "__init__.py"), atomically: true, encoding: .utf8)
        let old = PygmentsHighlighter(pythons: [python.path]).identity
        #expect(old.hasPrefix("pygments/\(PygmentsScript.version)/") && old != without)
        #expect(PygmentsHighlighter(pythons: [python.path]).identity == old)
        // An upgrade writes the file anew.
        try "__version__ = '2.19.1'\n".write(to: package.appending(path: "__init__.py"), atomically: true, encoding: .utf8)
        #expect(PygmentsHighlighter(pythons: [python.path]).identity != old)
    }

    @Test func aMissingPythonIsUnavailable() {
        let highlighter = PygmentsHighlighter(pythons: ["/nonexistent/python3"])
        #expect(throws: HighlighterUnavailable.self) { try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")]) }
        // Nothing to highlight asks nothing.
        #expect((try? highlighter.highlight([])) == [])
    }

    @Test func aPythonWithoutPygmentsIsUnavailableAndSaysWhy() throws {
        // A Python whose `import pygments` fails, running the real script (Galley passes it
        // as `-I -c SOURCE`, the third argument).
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = folder.appending(path: "python3")
        try """
            #!/bin/sh
            exec /usr/bin/python3 -I -c 'import sys; sys.modules["pygments"] = None; exec(compile(sys.argv[1], "highlight.py", "exec"))' "$3"

            """.write(to: python, atomically: true, encoding: .utf8)
        chmod(python.path, 0o755)
        let highlighter = PygmentsHighlighter(pythons: [python.path])
        do {
            _ = try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")])
            Issue.record("a Python without Pygments highlighted")
        } catch {
            #expect(error.message.contains("has no Pygments (import of pygments halted"), "\(error.message)")
        }
    }

    @Test func aHelperThatNeverAnswersIsStopped() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = folder.appending(path: "python3")
        // Says hello, then exits without reading a batch.
        try "#!/bin/sh\necho '{\"pygments\": \"0\"}'\n".write(to: python, atomically: true, encoding: .utf8)
        chmod(python.path, 0o755)
        let highlighter = PygmentsHighlighter(pythons: [python.path])
        #expect(throws: HighlighterUnavailable.self) { try highlighter.highlight([CodeBlock(language: "swift", code: "let a = 1\n")]) }
        // Once unavailable, it stays so for the build rather than start a helper for every post.
        #expect(throws: HighlighterUnavailable.self) { try highlighter.highlight([CodeBlock(language: "swift", code: "let b = 2\n")]) }
    }

    /// A block a lexer backtracks on for minutes is stopped alone and shown plain; the blocks
    /// beside it are highlighted, and the highlighter goes on.
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func aBlockThatTakesTooLongIsShownPlainAndTheOthersAreNot() throws {
        // Each block alone is given 5 s: a new helper's start (Python, Pygments, a lexer's rules)
        // counts in it, which a busy machine may stretch past a second.
        let highlighter = PygmentsHighlighter(pythons: ["/usr/bin/python3"], ruleByRule: false, limits: .init(batch: 2, block: 5))
        let evil = CodeBlock(language: "scala", code: "\"" + String(repeating: "\\", count: 64) + "\n")
        let began = ContinuousClock.now
        let answers = try highlighter.highlightEach([
            CodeBlock(language: "swift", code: "let a = 1\n"), evil, CodeBlock(language: "nope-not-a-language", code: "x\n"),
            CodeBlock(language: "python", code: "def f():\n    pass\n"),
        ])
        #expect(answers[0].html?.contains(#"<span class="kd">let</span>"#) == true)
        #expect(answers[1] == .tooSlow(seconds: 5))
        #expect(answers[2] == .plain)
        #expect(answers[3].html?.contains(#"<span class="k">def</span>"#) == true)
        #expect(ContinuousClock.now - began < .seconds(20))
        // Alone, it is given the block's time; the helper it stopped is replaced.
        #expect(try highlighter.highlightEach([evil]) == [.tooSlow(seconds: 2)])
        #expect(try highlighter.highlight([CodeBlock(language: "swift", code: "let b = 2\n")])[0]?.contains("kd") == true)
    }

    @Test func debianPythonComesFirst() {
        #expect(PygmentsHighlighter.defaultPythons(path: "/home/me/.pyenv/shims:/usr/bin:relative") == ["/usr/bin/python3", "/home/me/.pyenv/shims/python3"])
    }
}

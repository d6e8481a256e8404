import Foundation
import TestThreads
import Testing

/// `scripts/galley install PREFIX` as a user runs it: the binary, a man page per command and
/// the shell completions, under a prefix with a space in it, each used as its tool uses it.
@Suite(.onBlockingPool) struct InstallScriptTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `program arguments…` with `environment` added, and what it printed.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) throws
        -> GalleyProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = GalleyProcess.environment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let read = DispatchSemaphore(value: 0)
        Thread {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }.start()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            Issue.record("\(program) \(arguments) did not finish within \(timeout) s")
        }
        process.waitWithoutSpinning()
        read.wait()
        return GalleyProcess.Result(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                                    stderr: String(decoding: errorData, as: UTF8.self))
    }

    @Test func installsTheBinaryManPagesAndCompletions() throws {
        let folder = try ScratchFolder()
        let prefix = folder.url.appending(path: "my prefix")
        // The binary under test is the one installed, so that no release build is made here.
        let installed = try Self.run(Self.checkout.appending(path: "scripts/galley").path, ["install", prefix.path],
                                     environment: ["GALLEY_BINARY": GalleyProcess.binary.path], timeout: 1200)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.contains("installed galley in \(prefix.path)/bin"), "\(installed.stderr)")

        let galley = prefix.appending(path: "bin/galley").path
        #expect(FileManager.default.isExecutableFile(atPath: galley))
        #expect(try Self.run(galley, ["--version"]).stdout == "0.1.0\n")

        // One page a command, nested ones too, read as man reads them.
        let pages = prefix.appending(path: "share/man/man1")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: pages.path))
        for page in ["galley.1", "galley.build.1", "galley.serve.1", "galley.deploy.1", "galley.watch.1", "galley.import.1",
                     "galley.new.1", "galley.new.site.1", "galley.previews.list.1"] {
            #expect(names.contains(page), "\(page) in \(names.sorted())")
        }
        #expect(!names.contains("galley.build-commit.1"), "the watcher's own command is not for people")
        let manual = ["MANPAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8"]
        let build = try Self.run("/usr/bin/man", ["-l", pages.appending(path: "galley.build.1").path], environment: manual)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("galley build"), "\(build.stdout)")
        #expect(build.stdout.contains("--strict"), "\(build.stdout)")
        // And by name, as `man galley.serve` finds it once PREFIX/share/man is on the search path.
        let serve = try Self.run("/usr/bin/man", ["-M", prefix.appending(path: "share/man").path, "galley.serve"], environment: manual)
        #expect(serve.status == 0, "\(serve.stderr)")
        #expect(serve.stdout.contains("--open"), "\(serve.stdout)")
        let top = try Self.run("/usr/bin/man", ["-l", pages.appending(path: "galley.1").path], environment: manual)
        #expect(top.stdout.contains("not a blog folder"), "\(top.stdout)")

        // bash's completion, sourced, completes a command's name.
        let completion = prefix.appending(path: "share/bash-completion/completions/galley").path
        let script = """
            source "$1"
            complete -p galley
            COMP_WORDS=(galley bui); COMP_CWORD=1; COMP_LINE="galley bui"; COMP_POINT=${#COMP_LINE}
            function=$(complete -p galley | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')
            "$function" galley bui galley
            printf 'reply: %s\\n' "${COMPREPLY[@]}"
            """
        let bash = try Self.run("/bin/bash", ["-c", script, "bash", completion], environment: ["PATH": prefix.appending(path: "bin").path + ":/usr/bin:/bin"])
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.contains(" -F _galley galley"), "\(bash.stdout)")
        #expect(bash.stdout.contains("reply: build"), "\(bash.stdout) \(bash.stderr)")
        #expect(!bash.stdout.contains("reply: serve"), "\(bash.stdout)")

        let zsh = try #require(FileManager.default.contents(atPath: prefix.appending(path: "share/zsh/site-functions/_galley").path))
        #expect(String(decoding: zsh, as: UTF8.self).hasPrefix("#compdef galley"))
        let fish = try #require(FileManager.default.contents(atPath: prefix.appending(path: "share/fish/vendor_completions.d/galley.fish").path))
        #expect(String(decoding: fish, as: UTF8.self).contains("complete -c 'galley' -n"))
    }

    @Test func aPrefixIsRequiredToBeWritable() throws {
        let folder = try ScratchFolder()
        try folder.write("file", "in the way")
        let result = try Self.run(Self.checkout.appending(path: "scripts/galley").path, ["install", folder.url.appending(path: "file/prefix").path],
                                  environment: ["GALLEY_BINARY": GalleyProcess.binary.path], timeout: 1200)
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "file/prefix").path))
    }
}

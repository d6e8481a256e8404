import ArgumentParser
import Foundation
import KaTeX
import Pygments
import Serving
import SiteContent
import SiteImport
import Subprocess

extension Galley {
    /// `galley serve [SITE] [--port 8000] [--bind 127.0.0.1] [--drafts] [--future] [--open]`
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve a blog while you write it, rebuilding and reloading on every save.",
            discussion: """
                Builds SITE into memory (nothing is written to SITE/_site), serves it at \
                http://127.0.0.1:PORT/, builds it again whenever a file of the blog changes, and \
                reloads the pages open in the browser. A failed build shows its errors in the \
                browser until a save fixes them; the warnings of the latest build are listed in a \
                banner at the foot of every page (never in what galley build writes), and each \
                rebuild prints the warnings it found that the last one had not. Links point at the local server, whatever \
                galley.yml's base_url says. Ctrl-C stops it.
                """
        )

        @Argument(help: "The blog folder.", completion: .directory)
        var site: String = "."

        @Option(name: .shortAndLong, help: "The port to listen on (0 takes any free one).")
        var port: Int = 8000

        @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 lets other devices on the network in.", valueName: "ADDRESS"))
        var bind: String = "127.0.0.1"

        @Flag(name: [.customShort("D"), .long], help: "Publish drafts too.")
        var drafts = false

        @Flag(name: [.customShort("F"), .long], help: "Publish posts dated in the future too.")
        var future = false

        @Flag(help: "Open the site in the browser once it is built.")
        var open = false

        @Flag(help: "Fail a build on a layout that reads a name no page has, as galley build --strict does.")
        var strict = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            if let problem = ListenAddress.problem(bind, option: "--bind") { throw ValidationError(problem) }
        }

        func run() async throws {
            // As `galley build` refuses it: a server showing only an error page helps no one.
            try NotABlogFolder.check(site)
            let folder = URL(fileURLWithPath: site)
            // One Pygments helper for every rebuild; what it highlights is kept with the builds' cache.
            var settings = DevServer.Settings(site: folder, host: bind, port: port, includeDrafts: drafts, includeFuture: future,
                                              highlighter: PygmentsHighlighter(), typesetter: KaTeXTypesetter(),
                                              cacheFolder: folder.appending(path: ".galley-cache"))
            settings.emoji = PythonEmoji()
            settings.strict = strict
            settings.shownAs = site
            let shown = settings
            let open = open
            let server = DevServer(settings: shown, say: { line in
                if line.hasPrefix("error:") || line.hasPrefix("warning:") || line.hasPrefix("build failed") {
                    Console.error(line)
                } else {
                    Console.say(line)
                }
            }, ready: { address in
                Console.say("serving \(shown.shownAs) at \(address.absoluteString) (Ctrl-C stops)")
                if ["0.0.0.0", "::"].contains(shown.host), let port = address.port {
                    // What a phone on the same network opens: the machine's own addresses.
                    for other in LocalAddresses.ipv4() where other != address.host() {
                        Console.say("  and at http://\(other):\(port)/ on the network")
                    }
                }
                if open { Task { await Self.openBrowser(at: address) } }
            })
            let signals = SignalCancellation()
            do {
                try await signals.run { try await server.run() }
            } catch let error as ServeError {
                Console.error("error: \(error.message)")
                if let free = error.freePort { Console.error("try: \(command(port: free))") }
                throw ExitCode.fileOrPort
            } catch let error as WatchError {
                Console.error("error: \(error.message)")
                throw ExitCode.fileOrPort
            }
            Console.say("stopped")
        }

        /// This command as it was given, on another port: what to run instead.
        private func command(port: Int) -> String {
            var words = ["galley", "serve"]
            if site != "." { words.append(ImportReport.shellWord(site)) }
            if bind != "127.0.0.1" { words += ["--bind", ImportReport.shellWord(bind)] }
            words += ["--port", "\(port)"]
            if drafts { words.append("--drafts") }
            if future { words.append("--future") }
            if strict { words.append("--strict") }
            if open { words.append("--open") }
            return words.joined(separator: " ")
        }

        /// Hands the address to the desktop's browser; a machine without one is told why, not failed.
        private static func openBrowser(at address: URL) async {
            let page = address.absoluteString
            let status: TerminationStatus, errorText: String?
            do {
                let result = try await Subprocess.run(.name("xdg-open"), arguments: [page], output: .discarded, error: .string(limit: 4096))
                (status, errorText) = (result.terminationStatus, result.standardError)
            } catch {
                Console.error("warning: no browser opened: there is no xdg-open on PATH (Debian's xdg-utils has it); open \(page) yourself")
                return
            }
            let ended: String
            switch status {
            case .exited(0): return
            case .exited(let code): ended = "exited with status \(code)"
            case .signaled(let signal): ended = "was stopped by signal \(signal)"
            }
            // xdg-open says why on its first line: no desktop, no browser set, no display.
            let said = (errorText ?? "").split(separator: "\n").first.map { ": \($0)" } ?? ""
            Console.error("warning: no browser opened: xdg-open \(ended)\(said); open \(page) yourself")
        }
    }
}

import Foundation
import TestThreads
import Testing

/// A command line that is wrong says so with the usage of the command it was for, and a
/// command name that is nearly right is named.
@Suite(.onBlockingPool) struct UsageErrorTests {
    @Test func aParsingMistakePrintsTheSubcommandsUsage() throws {
        let folder = try ScratchFolder()
        let result = try GalleyProcess.run(["build", "blog", "--no-such-flag"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unknown option '--no-such-flag'\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: galley build [<site>]"), "\(result.stderr)")
        #expect(!result.stderr.contains("galley <subcommand>"), "\(result.stderr)")
    }

    /// An option nearly right is named with the one meant, in Galley's words (lower-case, as
    /// its own messages), a short one given in the wrong case too.
    @Test func aMistypedOptionIsNamedWithTheOneMeant() throws {
        let folder = try ScratchFolder()
        for (arguments, said) in [(["build", "-d"], "error: unknown option '-d'; did you mean '-D'?\n"),
                                  (["build", "--draft"], "error: unknown option '--draft'; did you mean '--drafts'?\n"),
                                  (["serve", "--prot", "4000"], "error: unknown option '--prot'; did you mean '--port'?\n"),
                                  (["previews", "list", "--jsno"], "error: unknown option '--jsno'; did you mean '--json'?\n")] {
            let result = try GalleyProcess.run(arguments, in: folder.url)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix(said), "\(arguments): \(result.stderr)")
        }
    }

    /// A value only the command's run can check is still that command's usage error.
    @Test func aMistakeFoundWhileRunningPrintsTheSubcommandsUsage() throws {
        let folder = try ScratchFolder()
        let result = try GalleyProcess.run(["watch", "--repo", "r", "--to", "out", "--domain", "p.example.com", "--interval", "soon"],
                                           in: folder.url)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: --interval 'soon' is not a time such as 30s, 5m or 1h", "\(result.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: galley watch [<options>] --repo <REPO>") == true, "\(result.stderr)")
        #expect(lines.last == "  See 'galley watch --help' for more information.", "\(result.stderr)")
    }

    @Test func aMistypedCommandIsNamedWithTheOneMeant() throws {
        let folder = try ScratchFolder()
        let build = try GalleyProcess.run(["buld", "blog"], in: folder.url)
        #expect(build.status == 2)
        #expect(build.stdout.isEmpty)
        #expect(build.stderr.hasPrefix("error: 'buld' is not a galley command; did you mean 'build'?\nUsage: galley <subcommand>\n"), "\(build.stderr)")
        #expect(build.stderr.hasSuffix("  See 'galley --help' for more information.\n"), "\(build.stderr)")

        let nested = try GalleyProcess.run(["new", "sitee", "blog"], in: folder.url)
        #expect(nested.status == 2)
        #expect(nested.stderr.hasPrefix("error: 'sitee' is not a galley new command; did you mean 'site'?\nUsage: galley new <subcommand>"),
                "\(nested.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "blog").path))

        let far = try GalleyProcess.run(["publish"], in: folder.url)
        #expect(far.status == 2)
        #expect(far.stderr.hasPrefix("error: 'publish' is not a galley command\n"), "\(far.stderr)")
    }

    @Test func theNextStepsOfANewSiteQuoteItsFolderForTheShell() throws {
        let folder = try ScratchFolder()
        for (name, quoted) in [("dir with space", "'dir with space'"), ("it's mine", #"'it'\''s mine'"#), ("plain", "plain")] {
            let result = try GalleyProcess.run(["new", "site", name], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\n  cd \(quoted)\n"), "\(result.stdout)")
            // What the line says takes a shell there.
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "cd \(quoted) && test -f galley.yml"]
            shell.currentDirectoryURL = folder.url
            try shell.run()
            shell.waitWithoutSpinning()
            #expect(shell.terminationStatus == 0, "cd \(quoted)")
        }
    }
}

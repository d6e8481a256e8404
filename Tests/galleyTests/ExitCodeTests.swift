import Foundation
import TestThreads
import Testing

/// Every command ends with the status of one table (`galley --help` shows it): 0 done, 1 the
/// blog has errors, 2 usage, 3 not a blog folder, 4 a file or port problem, 5 publishing
/// failed, 128+N stopped by signal N.
@Suite(.onBlockingPool) struct ExitCodeTests {
    func blog(_ folder: ScratchFolder) throws {
        try folder.write("blog/galley.yml", "title: Codes\nbase_url: https://codes.example.com/\n")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
    }

    @Test func helpShowsTheTable() throws {
        let folder = try ScratchFolder()
        let help = try GalleyProcess.run(["--help"], in: folder.url)
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty, "\(help.stderr)")
        for line in ["0      done", "1      the blog has errors", "2      usage", "3      not a blog folder",
                     "4      a file or port problem", "5      publishing failed", "128+N  stopped by signal N"] {
            #expect(help.stdout.contains(line), "\(line) in \(help.stdout)")
        }
    }

    @Test func doneIs0AndABrokenBlogIs1() throws {
        let folder = try ScratchFolder()
        try blog(folder)
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url).status == 0)
        try folder.write("blog/posts/2019-10-09-bad.md", "---\ntitle: Bad\ndate: someday\n---\n")
        let broken = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(broken.status == 1, "\(broken.stderr)")
    }

    @Test func aUsageMistakeIs2() throws {
        let folder = try ScratchFolder()
        try blog(folder)
        // Found by the parser, by a command's own check, by one only its run can make, and a
        // command that does not exist.
        for arguments in [["build", "blog", "--no-such-flag"], ["serve", "blog", "--port", "70000"],
                          ["watch", "--repo", "blog", "--to", "out", "--domain", "p.example.com", "--interval", "soon"], ["buld"],
                          ["new", "post", "Then", "--site", "blog", "--date", "next tuesday"]] {
            let result = try GalleyProcess.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
    }

    /// A missing galley.yml, or a missing folder, is 3 whichever command reads the blog.
    @Test func aFolderThatIsNoBlogIs3ForEveryCommand() async throws {
        let folder = try ScratchFolder()
        try folder.write("notes/readme.txt", "not a blog")
        let commands = [["build", "notes"], ["build", "nowhere"], ["serve", "notes", "--port", "0"], ["serve", "nowhere", "--port", "0"],
                        ["deploy", "notes", "--to", "out", "--domain", "p.example.com", "--branch", "main"],
                        ["new", "post", "Lost", "--site", "notes"], ["build", "notes", "--watch"]]
        for arguments in commands {
            let result = try GalleyProcess.run(arguments, in: folder.url, timeout: 30)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("notes/galley.yml: not found") || result.stderr.contains("nowhere: no such folder")
                    || result.stderr.contains("notes: is not a blog folder"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "notes").path) == ["readme.txt"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "out").path))
    }

    @Test func anOutputThatCannotBeWrittenOrAPortInUseIs4() async throws {
        let folder = try ScratchFolder()
        try blog(folder)
        try folder.write("file", "x")
        let output = try GalleyProcess.run(["build", "blog", "-o", "file/out"], in: folder.url)
        #expect(output.status == 4, "\(output.stderr)")
        let existing = try GalleyProcess.run(["new", "site", "blog"], in: folder.url)
        #expect(existing.status == 4, "\(existing.stderr)")
        let noRepository = try GalleyProcess.run(["watch", "--repo", "nowhere", "--to", "out", "--domain", "p.example.com", "--once"],
                                                 in: folder.url)
        #expect(noRepository.status == 4, "\(noRepository.stderr)")

        // A port held by a listening socket of this test.
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(held) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(held, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0 && listen(held, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(held, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let serve = try GalleyProcess.run(["serve", "blog", "--port", "\(port)"], in: folder.url, timeout: 30)
        #expect(serve.status == 4, "\(serve.stderr)")
        #expect(serve.stderr.contains("port \(port) on 127.0.0.1 is in use"), "\(serve.stderr)")
        let host = try GalleyProcess.run(["host", "--root", "blog", "--domain", "p.example.com", "--port", "\(port)"], in: folder.url, timeout: 30)
        #expect(host.status == 4, "\(host.stderr)")
        // The watcher names its option, and says so before it says it is watching.
        try folder.write("secret", "s3cret\n")
        try git(["init", "-q", "-b", "main"], in: folder.url.appending(path: "blog"))
        let watch = try GalleyProcess.run(["watch", "--repo", "blog", "--to", "out", "--domain", "p.example.com", "--webhook-port", "\(port)",
                                           "--webhook-secret-file", "secret"], in: folder.url, timeout: 30)
        #expect(watch.status == 4, "\(watch.stderr)")
        #expect(watch.stderr.contains("error: --webhook-port: port \(port) on 127.0.0.1 is in use by another program"), "\(watch.stderr)")
        #expect(watch.stderr.contains("choose another with --webhook-port") || watch.stderr.contains("is free"), "\(watch.stderr)")
        #expect(!watch.stderr.contains("watching"), "\(watch.stderr)")
    }

    @Test func aDestinationThatCannotBeReachedIs5() throws {
        let folder = try ScratchFolder()
        try blog(folder)
        // ssh that fails at once, as an unreachable host does.
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "deploy@host.invalid:/srv/previews", "--domain", "p.example.com",
                                            "--branch", "post/hello", "--ssh", "/bin/false"], in: folder.url, timeout: 60)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Asking for what is not there is a usage mistake, not a failed publish.
        let rollback = try GalleyProcess.run(["rollback", "--to", "previews", "--domain", "p.example.com", "--branch", "post/none"],
                                             in: folder.url)
        #expect(rollback.status == 2, "\(rollback.stderr)")
        // A folder that is not there is not made by asking (its lock used to make it).
        #expect(rollback.stderr.contains("previews is no folder: nothing was ever deployed there"), "\(rollback.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "previews").path))
    }

    @Test func aSignalIs128PlusItsNumber() async throws {
        let folder = try ScratchFolder()
        try blog(folder)
        // An ssh that says it started and then hangs, as one to a host that does not answer:
        // long enough that it still hangs when a test held up in a busy suite sends the signal
        // (with a minute, the deploy had failed on its own by then, 5 rather than 143).
        try folder.write("bin/slow-ssh", "#!/bin/sh\ntouch \"$(dirname \"$0\")/started\"\nexec sleep 240\n")
        chmod(folder.url.appending(path: "bin/slow-ssh").path, 0o755)
        let deploy = try BackgroundGalley(["deploy", "blog", "--to", "deploy@host.invalid:/srv/previews", "--domain", "p.example.com",
                                           "--branch", "post/hello", "--ssh", folder.url.appending(path: "bin/slow-ssh").path], in: folder.url)
        #expect(await settles(within: 60) { folder.read("bin/started") != nil }, "\(deploy.stderr)")
        deploy.signal(SIGTERM)
        let process = deploy.process
        let stopped = await settles(within: 10) { !process.isRunning }
        #expect(stopped, "\(deploy.stderr)")
        guard stopped else { return }
        #expect(process.terminationStatus == 143, "\(deploy.stderr)")
        #expect(process.terminationReason == .exit)
    }
}

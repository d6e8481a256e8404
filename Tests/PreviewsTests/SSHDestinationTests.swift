import Blocking
import FakeForge
import Foundation
import SiteCompiler
import SiteSource
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool, .enabled(if: SSHServer.isAvailable, "needs root and OpenSSH (scripts/test installs it)"), .serialized)
struct SSHDestinationTests {
    @Test func deploysOverSSHWithAtomicReleases() async throws {
        let server = try SSHServer()
        let remote = try TemporaryFolder()
        let cache = try TemporaryFolder()
        let fixture = try GitFixture()
        let destination = try DestinationAddress.parse("root@127.0.0.1:\(remote.url.path)", ssh: server.command)
        #expect(destination is SSHDestination)
        let deployer = try PreviewDeployer(.init(destination: destination, domain: "previews.example.com", cacheDirectory: cache.url))
        let source = DirectorySource(root: fixture.work)

        let first = try await deployer.deploy(source, branch: "post/over-ssh", commit: nil)
        guard case .deployed(let url, _, _, _) = first else { Issue.record("not deployed: \(first)"); return }
        #expect(url == "https://post-over-ssh.previews.example.com/")
        let site = "post-over-ssh.previews.example.com"
        #expect(remote.read("\(site)/2020/01/01/first/index.html")?.contains("The first post.") == true)
        #expect(remote.linkTarget(site)?.hasPrefix(".galley/releases/\(site)/") == true)
        let style = remote.inode("\(site)/style.css")

        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: First\n---\nEdited over ssh.\n")
        _ = try await deployer.deploy(source, branch: "post/over-ssh", commit: nil)
        #expect(remote.read("\(site)/2020/01/01/first/index.html")?.contains("Edited over ssh.") == true)
        #expect(remote.inode("\(site)/style.css") == style)
        #expect(remote.read(".galley/previews.json")?.contains("post/over-ssh") == true)

        _ = try await deployer.rollBack(branch: "post/over-ssh")
        #expect(remote.read("\(site)/2020/01/01/first/index.html")?.contains("The first post.") == true)
        #expect(try await deployer.remove(branch: "post/over-ssh"))
        #expect(remote.linkTarget(site) == nil)

        // The shared connection the deploys used ends when the deployer lets go.
        let connections = try #require((destination as? SSHDestination)?.connections)
        #expect(!connections.sockets.isEmpty)
        await deployer.disconnect()
        #expect(await eventually { connections.sockets.isEmpty })
    }

    @Test func anUnknownHostKeyFailsAtOnceWithAClearMessage() async throws {
        let server = try SSHServer()
        let remote = try TemporaryFolder()
        let cache = try TemporaryFolder()
        let fixture = try GitFixture()
        let destination = try DestinationAddress.parse("root@127.0.0.1:\(remote.url.path)", ssh: server.commandWithoutKnownHosts)
        let deployer = try PreviewDeployer(.init(destination: destination, domain: "previews.example.com", cacheDirectory: cache.url))
        do {
            _ = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: nil)
            Issue.record("an unknown host must not be trusted")
        } catch let error as DeployError {
            #expect(error.message.contains("the host key of root@127.0.0.1 is not known"))
            #expect(error.message.contains("ssh-keyscan -p \(server.port) 127.0.0.1 >>"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: remote.url.path).isEmpty)
    }

    /// `--ssh` as operators write it: a program by its path (here a wrapper script in a folder
    /// with a space) and an option quoted as a shell would, used by ssh and by rsync's `-e` alike.
    @Test func aQuotedSSHCommandAndAWrapperProgramBothDeploy() async throws {
        let server = try SSHServer()
        let remote = try TemporaryFolder(), cache = try TemporaryFolder(), tools = try TemporaryFolder()
        let fixture = try GitFixture()
        let bin = tools.url.appending(path: "my tools")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let wrapper = bin.appending(path: "ssh-wrapper")
        try Data("#!/bin/sh\necho used >> '\(bin.path)/calls'\nexec /usr/bin/ssh \"$@\"\n".utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        // The connection goes through a jump host (the same server) as `-W`, the way a gateway is used.
        let key = server.folder.appending(path: "user").path, knownHosts = server.folder.appending(path: "known_hosts").path
        let jump = "/usr/bin/ssh -F /dev/null -p \(server.port) -i \(key) -o IdentitiesOnly=yes -o UserKnownHostsFile=\(knownHosts) -W %h:%p root@127.0.0.1"
        let line = "'\(wrapper.path)' -F /dev/null -p \(server.port) -i \(key) -o IdentitiesOnly=yes -o UserKnownHostsFile=\(knownHosts) "
            + "-o \"ProxyCommand=\(jump)\""
        let settings = PublishSettings(destination: "root@127.0.0.1:\(remote.url.path)", domain: "previews.example.com", ssh: line)
        let deployer = try settings.deployer(cache: cache.url, environment: [:])
        let outcome = try await deployer.disconnecting { try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/quoted", commit: nil) }
        guard case .deployed = outcome else { Issue.record("not deployed: \(outcome)"); return }
        #expect(remote.read("post-quoted.previews.example.com/2020/01/01/first/index.html")?.contains("The first post.") == true)
        #expect((try? String(contentsOf: bin.appending(path: "calls"), encoding: .utf8))?.isEmpty == false)
    }

    /// A host key that differs from the trusted one may be an attack: the message says so and
    /// never suggests ssh-keyscan, which would trust whatever key answers now.
    @Test func aChangedHostKeyIsReportedAsAPossibleAttack() async throws {
        let server = try SSHServer()
        let remote = try TemporaryFolder(), cache = try TemporaryFolder(), keys = try TemporaryFolder()
        let fixture = try GitFixture()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        process.arguments = ["-q", "-t", "ed25519", "-N", "", "-f", keys.url.appending(path: "other").path]
        try process.run()
        process.waitWithoutSpinning()
        let other = try String(contentsOf: keys.url.appending(path: "other.pub"), encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
        try Data("[127.0.0.1]:\(server.port) \(other)\n".utf8).write(to: keys.url.appending(path: "known_hosts"))
        let ssh = server.command.map { $0.hasPrefix("UserKnownHostsFile=") ? "UserKnownHostsFile=\(keys.url.path)/known_hosts" : $0 }
        let destination = try DestinationAddress.parse("root@127.0.0.1:\(remote.url.path)", ssh: ssh)
        let deployer = try PreviewDeployer(.init(destination: destination, domain: "previews.example.com", cacheDirectory: cache.url))
        do {
            _ = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: nil)
            Issue.record("a changed host key must not be accepted")
        } catch let error as DeployError {
            #expect(error.message.contains("the host key of root@127.0.0.1 has CHANGED"), "\(error.message)")
            #expect(error.message.contains("ssh-keygen -R '[127.0.0.1]:\(server.port)'"), "\(error.message)")
            #expect(!error.message.contains("ssh-keyscan"))
            #expect(!DeployError.isBuildFailure(error))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: remote.url.path).isEmpty)
    }

    @Test func theRemoteLockMakesOthersWaitAndDiesWithItsHolder() async throws {
        let server = try SSHServer()
        let remote = try TemporaryFolder()
        let destination = try #require(try DestinationAddress.parse("root@127.0.0.1:\(remote.url.path)", ssh: server.command) as? SSHDestination)
        let shell = Locked<pid_t?>(nil)
        let held = try await LockHolding { hold in
            try await destination.withLock(DestinationLock.path, holder: LockHolder(purpose: "a test"), waiting: { _ in },
                                           taken: { pid in shell.withLock { $0 = pid } }) { await hold() }
        }
        #expect(remote.read(DestinationLock.path)?.contains("pid=\(getpid())") == true)

        // A second taker waits, and hears who holds the lock.
        let heard = Notices()
        let waiter = Task {
            do {
                try await destination.withLock(DestinationLock.path, holder: LockHolder(purpose: "the second"), waiting: { heard.append($0) }) {
                    heard.append("locked")
                }
            } catch {
                heard.append("failed: \(error)")
            }
        }
        #expect(await eventually { !heard.all.isEmpty })
        let notices = heard.all
        #expect(notices.first?.contains("galley pid \(getpid()) on ") == true, "\(notices)")
        #expect(notices.first?.contains("(a test)") == true)
        #expect(!notices.contains("locked"))

        // The holder's connection dies (its process is killed): the lock goes with it.
        kill(try #require(shell.withLock { $0 }), SIGKILL)
        await waiter.value
        #expect(heard.all.contains("locked"), "\(heard.all)")
        #expect(remote.read(DestinationLock.path)?.isEmpty == true)
        try? await held.release()
        await destination.disconnect()
    }
}

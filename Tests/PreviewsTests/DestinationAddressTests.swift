import Foundation
import TestThreads
import Testing

@testable import Previews

/// Reading destinations as users write them, and what is refused before anything runs.
@Suite(.onBlockingPool) struct DestinationAddressTests {
    @Test func localAndRemoteDestinations() throws {
        #expect(try DestinationAddress.parse("/srv/previews") is LocalDestination)
        let remote = try #require(try DestinationAddress.parse("deploy@previews.example.com:/srv/previews/") as? SSHDestination)
        #expect(remote.host == "deploy@previews.example.com")
        #expect(remote.root == "/srv/previews")
        #expect(try (DestinationAddress.parse("host:") as? SSHDestination)?.root == ".")
    }

    /// `host:~/previews` made a folder named `~` in the login's home: Galley quotes every path,
    /// so no shell expanded it. It is the home's `previews`, as rsync and scp read it.
    @Test func aRemoteFolderInTheHomeIsReadAsRsyncReadsIt() throws {
        #expect((try DestinationAddress.parse("host:~/previews") as? SSHDestination)?.root == "previews")
        #expect((try DestinationAddress.parse("host:~") as? SSHDestination)?.root == ".")
        #expect((try DestinationAddress.parse("host:~/") as? SSHDestination)?.root == ".")
        #expect((try DestinationAddress.parse("host:~//srv/x") as? SSHDestination)?.root == "srv/x")
        #expect { try DestinationAddress.parse("host:~deploy/previews") } throws: { "\($0)".contains("does not expand") }
    }

    @Test func aRemoteFolderStartingWithADashIsRefused() {
        for text in ["deploy@127.0.0.1:-rf", "host:--delete/previews"] {
            do {
                _ = try DestinationAddress.parse(text)
                Issue.record("\(text) must be refused")
            } catch let error as DeployError {
                #expect(error.message.contains("starts with '-'"))
                #expect(error.message.contains("write it as ./"))
                #expect(error.aboutOptions, "a mistake in --to: exit 2, not 5")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(throws: DeployError.self) { try DestinationAddress.parse("-oProxyCommand=x:/srv") }
    }

    @Test func sharedConnectionsLiveInAPrivateFolderMadeForTheRun() throws {
        var destination: SSHDestination? = try SSHDestination(host: "example.com", root: "/srv")
        let folder = try #require(destination?.connections.path)
        var info = stat()
        #expect(stat(folder, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(info.st_uid == geteuid())
        #expect(destination?.batchOptions.contains("ControlPath=\(folder)/%C") == true)
        #expect(!folder.hasSuffix("galley-ssh-"))
        let other = try SSHDestination(host: "example.com", root: "/srv")
        #expect(other.connections.path != folder)
        destination = nil
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func sshFailuresAreExplainedAsWhatTheyAre() throws {
        let destination = try SSHDestination(host: "deploy@127.0.0.1", root: "/var/www/blog", ssh: ["ssh", "-p", "2222"])
        let refused = destination.explain("deploy@127.0.0.1: Permission denied (publickey,password).", action: "ssh deploy@127.0.0.1")
        #expect(refused.contains("did not accept any key"))

        let unwritable = destination.explain(#"rsync: [Receiver] mkdir "/var/www/blog/.galley/releases/x" failed: Permission denied (13)"#, action: "rsync")
        #expect(!unwritable.contains("key"))
        #expect(unwritable.contains("permission denied on deploy@127.0.0.1"))
        #expect(unwritable.contains("write access"))
        let shell = destination.explain("mkdir: cannot create directory '/var/www/.galley': Permission denied", action: "ssh deploy@127.0.0.1")
        #expect(shell.contains("permission denied on deploy@127.0.0.1"))

        // ssh-keyscan takes no user part, and the port apart.
        let unknown = destination.explain("Host key verification failed.", action: "ssh deploy@127.0.0.1")
        #expect(unknown.contains("`ssh-keyscan -p 2222 127.0.0.1 >> ~/.ssh/known_hosts`"))
        let plain = try SSHDestination(host: "example.com", root: "/srv").explain("Host key verification failed.", action: "ssh")
        #expect(plain.contains("`ssh-keyscan example.com >> ~/.ssh/known_hosts`"))
        // An ssh command that reads keys from a file of its own is told to add it there.
        for ssh in [["ssh", "-o", "UserKnownHostsFile=/ci/known_hosts"], ["ssh", "-oUserKnownHostsFile=/ci/known_hosts /etc/more"]] {
            let own = try SSHDestination(host: "example.com", root: "/srv", ssh: ssh).explain("Host key verification failed.", action: "ssh")
            #expect(own.contains("`ssh-keyscan example.com >> \(Shell.quote("/ci/known_hosts"))`"), "\(own)")
        }
    }
}

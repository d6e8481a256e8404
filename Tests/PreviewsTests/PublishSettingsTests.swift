import Foundation
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct PublishSettingsTests {
    @Test func theSSHCommandComesFromTheOptionThenTheEnvironment() throws {
        let settings = PublishSettings(destination: "/srv/previews", domain: "p.example.com")
        #expect(try settings.sshCommand(environment: [:]) == ["ssh"])
        #expect(try settings.sshCommand(environment: ["GALLEY_SSH": "ssh -p 2222"]) == ["ssh", "-p", "2222"])
        var explicit = settings
        explicit.ssh = "ssh -i key"
        #expect(try explicit.sshCommand(environment: ["GALLEY_SSH": "ssh -p 2222"]) == ["ssh", "-i", "key"])
    }

    @Test func theSSHCommandIsSplitAsAShellWould() throws {
        var settings = PublishSettings(destination: "/srv/previews", domain: "p.example.com")
        let cases: [(String, [String])] = [
            (#"ssh -o "ProxyCommand=ssh -W %h:%p gw""#, ["ssh", "-o", "ProxyCommand=ssh -W %h:%p gw"]),
            ("/usr/bin/ssh", ["/usr/bin/ssh"]),
            (#"'/opt/my tools/ssh-wrapper' -i '/keys/it'\''s key'"#, ["/opt/my tools/ssh-wrapper", "-i", "/keys/it's key"]),
            (#"ssh -i /keys/with\ space   -p2222"#, ["ssh", "-i", "/keys/with space", "-p2222"]),
            (#"ssh -o "UserKnownHostsFile=/a \"b\"/c\d""#, ["ssh", "-o", #"UserKnownHostsFile=/a "b"/c\d"#]),
            (#"ssh -o ''"#, ["ssh", "-o", ""]),
        ]
        for (line, words) in cases {
            settings.ssh = line
            #expect(try settings.sshCommand(environment: [:]) == words, "\(line)")
        }
        for bad in [#"ssh -o "ProxyCommand=x"#, "ssh -i 'key", "ssh -i $HOME/key", #"ssh -i "$HOME/key""#, "ssh `id`", "ssh \\", "  "] {
            settings.ssh = bad
            #expect(throws: DeployError.self, "\(bad)") { try settings.sshCommand(environment: [:]) }
        }
        settings.ssh = nil
        #expect { try settings.sshCommand(environment: ["GALLEY_SSH": "ssh 'x"]) } throws: { error in
            "\(error)".hasPrefix("GALLEY_SSH 'ssh 'x': a single quote is not closed")
        }
    }

    @Test func theDeployerHasTheDestinationsAsWritten() throws {
        let settings = PublishSettings(destination: "deploy@host:/srv/previews", domain: "P.Example.com", scheme: "http",
                                       productionBranch: "trunk", productionDestination: "/var/www/blog", keep: 5)
        let deployer = try settings.deployer(cache: URL(fileURLWithPath: "/tmp/cache"), environment: ["GALLEY_SSH": "ssh -p 2222"])
        let remote = try #require(deployer.configuration.destination as? SSHDestination)
        #expect(remote.host == "deploy@host" && remote.root == "/srv/previews" && remote.ssh == ["ssh", "-p", "2222"])
        #expect(deployer.configuration.production?.destination.description == "/var/www/blog")
        #expect(deployer.configuration.production?.name == ReleaseSlot.productionName)
        #expect(deployer.configuration.productionBranch == "trunk" && deployer.configuration.keep == 5)
        #expect(deployer.url(label: "x") == "http://x.p.example.com/")
        #expect(throws: DeployError.self) { try PublishSettings(destination: "/srv", domain: "bad_domain").deployer(cache: URL(fileURLWithPath: "/tmp")) }
    }

    /// Previews and production in one folder, or one inside the other, was taken, and each
    /// production deploy after a preview failed on the previews' folders "Galley did not put".
    @Test func previewsAndProductionInOneFolderAreRefusedAtOnce() throws {
        let cache = URL(fileURLWithPath: "/tmp/cache")
        for (previews, production) in [("/srv/site", "/srv/site"), ("/srv/site/previews", "/srv/site"), ("/srv/site", "/srv/site/www/"),
                                       ("deploy@host:/srv", "deploy@host:/srv/www")] {
            let settings = PublishSettings(destination: previews, domain: "p.example.com", productionDestination: production)
            #expect { try settings.deployer(cache: cache) } throws: { error in
                (error as? DeployError)?.aboutOptions == true && "\(error)".contains("are one folder, or one holds the other")
            }
        }
        for (previews, production) in [("/srv/previews", "/srv/www"), ("/srv/site", "/srv/site-www"), ("a@host:/srv", "b@other:/srv")] {
            let settings = PublishSettings(destination: previews, domain: "p.example.com", productionDestination: production)
            #expect(throws: Never.self, "\(previews) and \(production)") { try settings.deployer(cache: cache) }
        }
        // Through a link, also to a folder a first deploy has yet to make.
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-overlap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appending(path: "L").path, withDestinationPath: "real")
        let linked = PublishSettings(destination: folder.appending(path: "L/prev").path, domain: "p.example.com",
                                     productionDestination: folder.appending(path: "real").path)
        #expect(throws: DeployError.self) { try linked.deployer(cache: cache) }
    }
}

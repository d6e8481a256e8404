import Foundation
import Testing

@testable import Previews

@Suite struct PublishSettingsTests {
    @Test func theSSHCommandComesFromTheOptionThenTheEnvironment() {
        let settings = PublishSettings(destination: "/srv/previews", domain: "p.example.com")
        #expect(settings.sshCommand(environment: [:]) == ["ssh"])
        #expect(settings.sshCommand(environment: ["GALLEY_SSH": "ssh -p 2222"]) == ["ssh", "-p", "2222"])
        var explicit = settings
        explicit.ssh = "ssh -i key"
        #expect(explicit.sshCommand(environment: ["GALLEY_SSH": "ssh -p 2222"]) == ["ssh", "-i", "key"])
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
}

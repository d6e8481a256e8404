import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct DeployErrorTests {
    @Test func theMessageNamesTheBranchAndTheDestinationFirst() {
        let error = DeployError("rsync failed: no space left").about(branch: "post/x", destination: "deploy@host:/srv/previews")
        #expect(error.message == "branch post/x, destination deploy@host:/srv/previews: rsync failed: no space left")
        #expect(error.description == error.message)
        #expect(DeployError("'a..b' is not a domain name").message == "'a..b' is not a domain name")
    }

    @Test func whatAnErrorAlreadySaysIsKept() {
        let error = DeployError("taken", branch: "feature/x", destination: "/srv/other").about(branch: "main", destination: "/srv/previews")
        #expect(error.message == "branch feature/x, destination /srv/other: taken")
    }
}

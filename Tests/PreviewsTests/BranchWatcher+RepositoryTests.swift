import Foundation
import GitSource
import Logging
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct BranchWatcherRepositoryTests {
    @Test func galleysFilesGoInTheGitFolder() async throws {
        let fixture = try GitFixture()
        let settings = PublishSettings(destination: "/srv/previews", domain: "p.example.com")
        let watcher = try await BranchWatcher.forRepository(at: fixture.work.path, remote: "origin", siteFolder: "blog", stateFile: nil, jobs: nil,
                                                            settings: settings, logger: Logger(label: "test"))
        let home = fixture.work.appending(path: ".git/galley").standardizedFileURL.path
        #expect(watcher.configuration.stateFile.standardizedFileURL.path == home + "/watch.json")
        #expect(watcher.deployer.configuration.cacheDirectory.standardizedFileURL.path == home + "/builds")
        #expect(watcher.configuration.concurrency == ProcessInfo.processInfo.activeProcessorCount)
        #expect(watcher.configuration.remote == "origin" && watcher.configuration.siteFolder == "blog")

        let chosen = try await BranchWatcher.forRepository(at: fixture.bare.path, remote: nil, siteFolder: "", stateFile: "/tmp/state.json", jobs: 3,
                                                           settings: settings, logger: Logger(label: "test"))
        #expect(chosen.configuration.stateFile.path == "/tmp/state.json" && chosen.configuration.concurrency == 3)
    }

    @Test func aFolderThatIsNoRepositoryIsAGitError() async throws {
        let folder = try TemporaryFolder()
        await #expect(throws: GitError.self) {
            try await BranchWatcher.forRepository(at: folder.url.path, remote: nil, siteFolder: "", stateFile: nil, jobs: nil,
                                                  settings: PublishSettings(destination: "/srv", domain: "p.example.com"), logger: Logger(label: "test"))
        }
    }
}

import Foundation
import SiteSource
import TestThreads
import Testing

@testable import Previews

/// A preview costs what it changes: files it shares with production are hard links, in the
/// builds beside the repository and at the destination, and removing either never hurts the other.
@Suite(.onBlockingPool) struct PreviewSharingTests {
    @Test func aNewPreviewLinksProductionsUnchangedFilesAndSurvivesItsRemoval() async throws {
        let previews = try TemporaryFolder(), production = try TemporaryFolder(), cache = try TemporaryFolder()
        let fixture = try GitFixture()
        try fixture.write("static/images/photo.jpg", String(repeating: "pretend these are the bytes of a large photo\n", count: 2000))
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: previews.url), domain: "previews.example.com",
                                                 production: .production(in: LocalDestination(root: production.url)), cacheDirectory: cache.url))
        let source = DirectorySource(root: fixture.work)
        _ = try await deployer.deploy(source, branch: "main", commit: nil)
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: First\n---\nEdited in a branch.\n")
        _ = try await deployer.deploy(source, branch: "post/edit", commit: nil)

        let site = "post-edit.previews.example.com"
        // At the destination: the photo and the theme's stylesheet are production's own files.
        for file in ["images/photo.jpg", "style.css"] {
            #expect(production.inode("current/\(file)") != nil)
            #expect(previews.inode("\(site)/\(file)") == production.inode("current/\(file)"), "\(file)")
        }
        #expect(previews.inode("\(site)/index.html") != production.inode("current/index.html"))
        // Beside the repository: the preview's build started from production's.
        let built = cache.url.appending(path: site).path, productionBuild = cache.url.appending(path: "production").path
        #expect(Self.inode(built + "/images/photo.jpg") == Self.inode(productionBuild + "/images/photo.jpg"))
        #expect(PreviewDeployer.shares(URL(fileURLWithPath: built), with: URL(fileURLWithPath: productionBuild)))
        #expect(!PreviewDeployer.shares(URL(fileURLWithPath: built), with: cache.url))
        #expect(FileManager.default.contents(atPath: built + "/2020/01/01/first/index.html").map { String(decoding: $0, as: UTF8.self) }?
            .contains("Edited in a branch.") == true)
        #expect(FileManager.default.contents(atPath: productionBuild + "/2020/01/01/first/index.html").map { String(decoding: $0, as: UTF8.self) }?
            .contains("Edited in a branch.") == false)

        // The listing counts the shared photo as no one's own: removing the preview frees its pages only.
        let catalog = PreviewCatalog(previews: LocalDestination(root: previews.url), production: LocalDestination(root: production.url))
        let listing = try await catalog.listing(sizes: true)
        let preview = try #require(listing.sites.first { $0.label == "post-edit" })
        #expect(try #require(preview.ownBytes) < 80_000, "\(preview.ownBytes ?? 0)")

        // Production goes; the preview still has every byte of its photo.
        _ = try await catalog.removeProduction()
        #expect(production.read("current/index.html") == nil)
        #expect(previews.read("\(site)/images/photo.jpg")?.count == 90_000)
        #expect(previews.read("\(site)/style.css")?.isEmpty == false)
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}

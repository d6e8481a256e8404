import Foundation
import TestThreads
import Testing

@testable import Previews

/// A release copied into a folder on this machine: beside the live one, sharing its unchanged
/// files, and gone again when the copy stops or fails.
@Suite(.onBlockingPool) struct LocalDestinationTests {
    /// A destination with a live release of `site`, whose page is `page`, and a built site to
    /// copy in, with its page changed and its stylesheet as the live release has it.
    static func destination() throws -> (folder: TemporaryFolder, slot: ReleaseSlot, build: URL) {
        let folder = try TemporaryFolder()
        let slot = ReleaseSlot(destination: LocalDestination(root: folder.url.appending(path: "previews")), name: "site")
        let build = folder.url.appending(path: "build")
        try FileManager.default.createDirectory(at: build.appending(path: "a"), withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: build.appending(path: "style.css"))
        try Data("page".utf8).write(to: build.appending(path: "a/index.html"))
        return (folder, slot, build)
    }

    @Test func aReleaseSharesTheLiveReleasesUnchangedFilesAndCopiesTheOthers() async throws {
        let (folder, slot, build) = try Self.destination()
        try await slot.stage(build, id: "1", checksum: true)
        try await slot.activate("1")
        try Data("page, edited".utf8).write(to: build.appending(path: "a/index.html"))
        try await slot.stage(build, id: "2", checksum: false)
        try await slot.activate("2")

        #expect(folder.read("previews/site/a/index.html") == "page, edited")
        #expect(folder.read("previews/.galley/releases/site/1/a/index.html") == "page")
        #expect(folder.inode("previews/.galley/releases/site/2/style.css") == folder.inode("previews/.galley/releases/site/1/style.css"))
        #expect(folder.inode("previews/.galley/releases/site/2/a/index.html") != folder.inode("previews/.galley/releases/site/1/a/index.html"))
        // The build's own files are read, never shared: a later build may replace them.
        #expect(folder.inode("previews/site/style.css") != folder.inode("build/style.css"))
    }

    @Test func aReleaseSharesAnotherSitesReleaseNamedBelowTheDestination() async throws {
        let (folder, slot, build) = try Self.destination()
        let other = ReleaseSlot(destination: slot.destination, name: "other")
        try await other.stage(build, id: "1", checksum: false)
        try await other.activate("1")
        try Data("page, edited".utf8).write(to: build.appending(path: "a/index.html"))
        try await slot.stage(build, id: "1", checksum: false, alsoLinking: [".galley/releases/other/1", ".galley/releases/missing/1"])
        try await slot.activate("1")
        #expect(folder.inode("previews/site/style.css") == folder.inode("previews/other/style.css"))
        #expect(folder.read("previews/site/a/index.html") == "page, edited")
    }

    @Test func aLinkPlantedInTheDestinationIsNeverFollowed() async throws {
        let (folder, slot, build) = try Self.destination()
        let outside = folder.url.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: folder.url.appending(path: "previews/.galley/releases"), withIntermediateDirectories: true)
        #expect(symlink(outside.path, folder.url.appending(path: "previews/.galley/releases/site").path) == 0)
        await #expect {
            try await slot.stage(build, id: "1", checksum: false)
        } throws: { error in
            "\(error)".contains(".galley/releases/site") && "\(error)".contains("link")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aReleaseStoppedWhileItIsCopiedLeavesNoPartialOneAndTheLiveOneAsItWas() async throws {
        let (folder, slot, build) = try Self.destination()
        try await slot.stage(build, id: "1", checksum: false)
        try await slot.activate("1")
        try Data("page, edited".utf8).write(to: build.appending(path: "a/index.html"))

        let stopped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await slot.stage(build, id: "2", checksum: false)
        }
        await #expect(throws: CancellationError.self) { try await stopped.value }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "previews/.galley/releases/site").path) == ["1"])
        #expect(folder.read("previews/site/a/index.html") == "page")
    }

    @Test func aSourceThatCannotBeCopiedIsNamedAndLeavesNoPartialRelease() async throws {
        let (folder, slot, _) = try Self.destination()
        let missing = folder.url.appending(path: "missing")
        await #expect {
            try await slot.stage(missing, id: "1", checksum: false)
        } throws: { error in
            "\(error)".contains("cannot copy \(missing.path) into ") && "\(error)".contains(missing.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "previews/.galley/releases/site").path).isEmpty)
    }
}

import Foundation
import SiteSource
import Testing

/// A folder's files are read whole, whatever their size, and a path that names no file says why.
@Suite struct DirectorySourceTests {
    @Test func filesAreReadWholeWhateverTheirSize() throws {
        let big = String(repeating: "0123456789abcdef", count: 10_000) + "end"
        let folder = try FolderOnDisk(["static/empty.txt": "", "static/small.txt": "héllo", "static/big.txt": big])
        let source = DirectorySource(root: folder.root)
        #expect(try source.contents(of: "static/empty.txt").isEmpty)
        #expect(try source.contents(of: "static/small.txt") == Data("héllo".utf8))
        #expect(try source.contents(of: "static/big.txt") == Data(big.utf8))
    }

    @Test func theHeadOfAFileIsReadNoFurther() throws {
        let big = String(repeating: "0123456789abcdef", count: 10_000) + "end"
        let folder = try FolderOnDisk(["static/big.txt": big, "static/small.txt": "héllo"])
        let source = DirectorySource(root: folder.root)
        #expect(try source.head(of: "static/big.txt", count: 100_000) == Data(big.utf8.prefix(100_000)))
        #expect(try source.head(of: "static/big.txt", count: 20) == Data("0123456789abcdef0123".utf8))
        #expect(try source.head(of: "static/small.txt", count: 1_000) == Data("héllo".utf8))
        #expect(try source.head(of: "static/small.txt", count: 0).isEmpty)
        #expect(throws: SourceTreeError.self) { try source.head(of: "static/none.txt", count: 10) }
    }

    @Test func aMissingFileAndAFolderAreErrorsThatNameThePath() throws {
        let folder = try FolderOnDisk(["static/a/b.txt": "b"])
        let source = DirectorySource(root: folder.root)
        expectNotFound("static/none.txt", in: source)
        expectUnreadable("static/a", saying: String(cString: strerror(EISDIR))) { _ = try source.contents(of: "static/a") }
    }

    /// A link that leads round to itself is the blog's to fix, and the error says so (it once
    /// spoke of links in the output folder).
    @Test func aLinkThatLeadsToItselfIsNamedAsTheBlogs() throws {
        let folder = try FolderOnDisk(["static/a.txt": "a"])
        try FileManager.default.createSymbolicLink(atPath: folder.root.appending(path: "static/self").path, withDestinationPath: "self")
        let source = DirectorySource(root: folder.root)
        expectUnreadable("static/self", saying: "leads round to itself") { _ = try source.files(under: "static") }
        expectUnreadable("static/self", saying: "leads round to itself") { _ = try source.contents(of: "static/self") }
    }

    /// A named pipe where `galley.yml` should be was waited on for a writer for ever (and a
    /// device node there read without end): neither is a file, and the error says so at once.
    @Test func aPipeIsAnErrorNotAWait() throws {
        let folder = try FolderOnDisk(["posts/a.md": "a"])
        #expect(mkfifo(folder.root.appending(path: "galley.yml").path, 0o644) == 0)
        let source = DirectorySource(root: folder.root)
        expectUnreadable("galley.yml", saying: "named pipe") { _ = try source.contents(of: "galley.yml") }
    }

    /// A file whose name is not UTF-8 was left out of the site without a word: the name read
    /// back, with U+FFFD for the byte, named no file. Both walks now refuse it at its path.
    @Test func aNameThatIsNotUTF8IsAnError() throws {
        let folder = try FolderOnDisk(["posts/2024-01-01-good.md": "a"])
        let raw = Array(folder.root.appending(path: "posts/2024-01-01-caf").path.utf8) + [0xE9] + Array(".md".utf8) + [0]
        let made = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(made >= 0)
        close(made)
        // A name that is U+FFFD itself is UTF-8, and read as any other.
        try Data("b".utf8).write(to: folder.root.appending(path: "posts/2024-01-02-\u{FFFD}.md"))
        let source = DirectorySource(root: folder.root)
        expectUnreadable("posts/2024-01-01-caf\u{FFFD}.md", saying: "its name is not UTF-8") { _ = try source.files(under: "posts") }
        expectUnreadable("posts/2024-01-01-caf\u{FFFD}.md", saying: "its name is not UTF-8") { _ = try source.state(of: ["posts"]) }
        // Renamed (here, removed), the folder reads again.
        raw.withUnsafeBufferPointer { _ = unlink(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
        #expect(try source.files(under: "posts") == ["posts/2024-01-01-good.md", "posts/2024-01-02-\u{FFFD}.md"])
    }

    /// Expects `attempt` to fail as unreadable at `path`, for a reason that holds `words`.
    private func expectUnreadable(_ path: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation,
                                  _ attempt: () throws -> Void) {
        do {
            try attempt()
            Issue.record("\(path) was read", sourceLocation: sourceLocation)
        } catch SourceTreeError.unreadable(let named, let reason) {
            #expect(named == path, sourceLocation: sourceLocation)
            #expect(reason.contains(words), "\(reason)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(path): \(error)", sourceLocation: sourceLocation)
        }
    }
}

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
        do {
            _ = try source.contents(of: "static/a")
            Issue.record("a folder was read as a file")
        } catch let error as SourceTreeError {
            guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == "static/a")
            #expect(reason == String(cString: strerror(EISDIR)))
        }
    }

    /// A link that leads round to itself is the blog's to fix, and the error says so (it once
    /// spoke of links in the output folder).
    @Test func aLinkThatLeadsToItselfIsNamedAsTheBlogs() throws {
        let folder = try FolderOnDisk(["static/a.txt": "a"])
        try FileManager.default.createSymbolicLink(atPath: folder.root.appending(path: "static/self").path, withDestinationPath: "self")
        let source = DirectorySource(root: folder.root)
        for attempt in [{ _ = try source.files(under: "static") }, { _ = try source.contents(of: "static/self") }] {
            do {
                try attempt()
                Issue.record("a link to itself was followed")
            } catch let error as SourceTreeError {
                guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(path == "static/self")
                #expect(reason.contains("leads round to itself") && !reason.contains("output"))
            }
        }
    }

    /// A named pipe where `galley.yml` should be was waited on for a writer for ever (and a
    /// device node there read without end): neither is a file, and the error says so at once.
    @Test func aPipeIsAnErrorNotAWait() throws {
        let folder = try FolderOnDisk(["posts/a.md": "a"])
        #expect(mkfifo(folder.root.appending(path: "galley.yml").path, 0o644) == 0)
        let source = DirectorySource(root: folder.root)
        do {
            _ = try source.contents(of: "galley.yml")
            Issue.record("a named pipe was read as a file")
        } catch let error as SourceTreeError {
            guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == "galley.yml")
            #expect(reason.contains("named pipe"))
        }
    }
}

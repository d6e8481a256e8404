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
}

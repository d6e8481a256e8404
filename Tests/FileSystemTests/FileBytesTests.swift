import Foundation
import Testing

@testable import FileSystem

@Suite struct FileBytesTests {
    /// A gather of many ranges of a few buffers writes exactly their bytes in order, past the
    /// 1,024 vectors one system call takes, and joins ranges that follow on into one.
    @Test func gatheredRangesAreWrittenInOrder() throws {
        let scratch = try ScratchFolder()
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var gather = FileBytes.Gather()
        gather.append(Array("head".utf8))
        let file = gather.add(big)
        var expected = Array("head".utf8)
        // Every other run of 37 bytes: 2,700 separate pieces.
        for start in stride(from: 0, to: big.count - 37, by: 74) {
            gather.append(start..<start + 37, of: file)
            expected += big[start..<start + 37]
        }
        let pieces = gather.pieces.count
        #expect(pieces > 2_048)
        // Two ranges that follow on are one piece.
        gather.append(0..<10, of: file)
        gather.append(10..<20, of: file)
        expected += big[0..<20]
        #expect(gather.pieces.count == pieces + 1)
        var tail = FileBytes.Gather()
        tail.append(Array("tail".utf8))
        gather.append(contentsOf: tail)
        expected += Array("tail".utf8)

        let path = scratch.url.appending(path: "gathered").path
        try FileBytes.write(gather, to: path)
        #expect(FileBytes.read(path) == expected)
    }

    @Test func aFileThatCannotBeMadeIsAnErrorNamingIt() throws {
        let scratch = try ScratchFolder()
        let path = scratch.url.appending(path: "missing/folder/file").path
        let error = #expect(throws: FileSystemError.self) { try FileBytes.write(Data("x".utf8), to: path) }
        #expect(error?.path == path)
        #expect(error?.message.contains("No such file") == true)
    }
}

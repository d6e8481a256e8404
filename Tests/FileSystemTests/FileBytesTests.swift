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

    /// A file is equal to bytes only when it holds them all and nothing more, whether it is
    /// read in one call or many.
    @Test func aFileEqualsExactlyItsOwnBytes() throws {
        let scratch = try ScratchFolder()
        let path = scratch.url.appending(path: "file").path
        for size in [0, 1, 4_096, 65_535, 65_536, 65_537, 200_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try FileBytes.write(bytes, to: path)
            #expect(FileBytes.equal(path, bytes), "\(size)")
            #expect(!FileBytes.equal(path, bytes + [1]), "\(size)")
            if size > 0 {
                #expect(!FileBytes.equal(path, Array(bytes.dropLast())), "\(size)")
                var changed = bytes
                changed[size - 1] &+= 1
                #expect(!FileBytes.equal(path, changed), "\(size)")
            }
        }
        #expect(!FileBytes.equal(scratch.url.appending(path: "missing").path, [UInt8]()))
    }

    @Test func aFileThatCannotBeMadeIsAnErrorNamingIt() throws {
        let scratch = try ScratchFolder()
        let path = scratch.url.appending(path: "missing/folder/file").path
        let error = #expect(throws: FileSystemError.self) { try FileBytes.write(Data("x".utf8), to: path) }
        #expect(error?.path == path)
        #expect(error?.message.contains("No such file") == true)
    }
}

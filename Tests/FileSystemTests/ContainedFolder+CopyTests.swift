import FileSystem
import Foundation
import Testing

@Suite struct ContainedFolderCopyTests {
    /// The bytes of a file bigger than the copy's largest piece, so that it takes several.
    static let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    /// `bytes` written to `source.bin` in a scratch folder, opened, with what fstat says of it.
    static func source(in scratch: ScratchFolder, bytes: [UInt8] = bytes) throws -> (Int32, stat) {
        let path = scratch.path + "/source.bin"
        try Data(bytes).write(to: URL(filePath: path))
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_234_567_890, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let descriptor = open(path, O_RDONLY)
        var info = stat()
        #expect(fstat(descriptor, &info) == 0)
        return (descriptor, info)
    }

    @Test func copiesEveryByteAndTheTimes() throws {
        let scratch = try ScratchFolder()
        let (descriptor, info) = try Self.source(in: scratch)
        defer { close(descriptor) }
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: false)
        let folder = try ContainedFolder(opening: scratch.path + "/out")
        try folder.copy(from: descriptor, to: "copy.bin", times: info)
        #expect(folder.read("copy.bin") == Self.bytes)
        #expect(folder.info(of: "copy.bin")?.st_mtim.tv_sec == 1_234_567_890)
    }

    @Test func copiesFromWhereTheSourceStands() throws {
        let scratch = try ScratchFolder()
        let (descriptor, info) = try Self.source(in: scratch)
        defer { close(descriptor) }
        #expect(lseek(descriptor, 1000, SEEK_SET) == 1000)
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: false)
        let folder = try ContainedFolder(opening: scratch.path + "/out")
        try folder.copy(from: descriptor, to: "rest.bin", times: info)
        #expect(folder.read("rest.bin") == Array(Self.bytes[1000...]))
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let scratch = try ScratchFolder()
        let (descriptor, info) = try Self.source(in: scratch, bytes: Array("new".utf8))
        defer { close(descriptor) }
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(filePath: scratch.path + "/out/taken.txt"))
        let folder = try ContainedFolder(opening: scratch.path + "/out")
        #expect(throws: FileSystemError.self) { try folder.copy(from: descriptor, to: "taken.txt", times: info) }
        #expect(folder.read("taken.txt") == Array("mine".utf8))
        // Nor a link planted at the name, nor what it points to.
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/link.txt", withDestinationPath: scratch.path + "/source.bin")
        #expect(throws: FileSystemError.self) { try folder.copy(from: descriptor, to: "link.txt", times: info) }
        #expect(FileManager.default.contents(atPath: scratch.path + "/source.bin") == Data("new".utf8))
    }
}

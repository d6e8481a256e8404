import Digests
import Foundation
import TestThreads
import Testing

/// SHA-256 against the examples FIPS 180-4 publishes, and against coreutils' `sha256sum`: every
/// cache and fingerprint Galley keeps is a SHA-256, so the digests must not change by a bit.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func theStandardsExamples(message: String, expected: String) {
        #expect(SHA256.hash(data: Array(message.utf8)).hex == expected)
    }

    @Test func aMillionAsFedInUnevenPieces() {
        var hasher = SHA256()
        var left = 1_000_000
        var size = 1
        while left > 0 {
            let piece = min(size, left)
            hasher.update(data: [UInt8](repeating: 0x61, count: piece))
            left -= piece
            size = size * 3 + 1
        }
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A copy taken part-way hashes on by itself, as a value should.
    @Test func aCopyHashesOnByItself() {
        var first = SHA256()
        first.update(data: Array("ab".utf8))
        var second = first
        first.update(data: Array("c".utf8))
        second.update(data: Array("d".utf8))
        #expect(first.finalize() == SHA256.hash(data: Array("abc".utf8)))
        #expect(second.finalize() == SHA256.hash(data: Array("abd".utf8)))
    }

    @Test func dataPiecesAndBuffersGiveTheSameDigest() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var pieces = SHA256()
        bytes.withUnsafeBytes { buffer in
            pieces.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<4_097]))
            pieces.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[4_097...]))
        }
        let whole = SHA256.hash(data: Data(bytes))
        #expect(pieces.finalize() == whole)
        #expect(Array(whole) == Array(SHA256.hash(data: bytes)))
        #expect(whole.count == 32)
    }

    @Test func theSameDigestsAsSha256sum() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        for size in [0, 55, 56, 63, 64, 65, 1_000, 100_003] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = folder.appending(path: "\(size)")
            try Data(bytes).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitWithoutSpinning()
            #expect(printed.split(separator: " ").first.map(String.init) == SHA256.hash(data: bytes).hex, "\(size) bytes")
        }
    }
}

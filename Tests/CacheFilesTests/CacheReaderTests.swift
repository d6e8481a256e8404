import CacheFiles
import Digests
import Foundation
import Testing

/// What ``CacheWriter`` writes, ``CacheReader`` reads back the same; anything else is damage.
@Suite struct CacheReaderTests {
    private struct Entry: Equatable {
        var number: Int
        var text: String
        var flag: Bool
        var share: Double
        var key: Fingerprint
        var note: String?
        var parts: [Int]
    }

    private static let entries = [
        Entry(number: 0, text: "", flag: false, share: 0, key: Fingerprint(), note: nil, parts: []),
        Entry(number: -1, text: "café ☕︎", flag: true, share: -2.5, key: Fingerprint.of("a"), note: "", parts: [Int.min, Int.max]),
        Entry(number: Int.max, text: String(repeating: "x", count: 300), flag: true, share: .infinity,
              key: Fingerprint.of("b"), note: "kept", parts: Array(0..<200)),
    ]

    private static func write(_ writer: inout CacheWriter, _ entry: Entry) {
        writer.int(entry.number)
        writer.string(entry.text)
        writer.bool(entry.flag)
        writer.double(entry.share)
        writer.fingerprint(entry.key)
        writer.optional(entry.note) { $0.string($1) }
        writer.array(entry.parts) { $0.int($1) }
    }

    private static func read(_ reader: inout CacheReader) throws -> Entry {
        Entry(
            number: try reader.int(), text: try reader.string(), flag: try reader.bool(), share: try reader.double(),
            key: try reader.fingerprint(), note: try reader.optional { try $0.string() }, parts: try reader.array { try $0.int() }
        )
    }

    private func written() -> [UInt8] {
        var writer = CacheWriter()
        writer.array(Self.entries) { Self.write(&$0, $1) }
        return writer.bytes
    }

    @Test func whatIsWrittenReadsBack() throws {
        var reader = CacheReader(written())
        #expect(try reader.array { try Self.read(&$0) } == Self.entries)
        #expect(reader.atEnd)
    }

    @Test func everyShortenedFormIsDamaged() {
        let bytes = written()
        for count in 0..<bytes.count {
            var reader = CacheReader(Array(bytes[..<count]))
            #expect(throws: CacheReader.Damaged.self, "cut at \(count)") { try reader.array { try Self.read(&$0) } }
        }
    }

    @Test func aWholeFileReadsBackOnlyAsItWasWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "cache-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "deep/entries")
        try CacheWriter.write(file, format: "test-entries-1") { writer in writer.array(Self.entries) { Self.write(&$0, $1) } }
        let read = { (format: String) in CacheReader.read(file, format: format) { try $0.array { try Self.read(&$0) } } }
        #expect(read("test-entries-1") == Self.entries)
        #expect(read("test-entries-2") == nil)
        // Nothing is left beside the file: it was written under another name and renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["entries"])

        let whole = try [UInt8](Data(contentsOf: file))
        for index in stride(from: 0, to: whole.count, by: 37) {
            var damaged = whole
            damaged[index] ^= 0x10
            #expect(CacheReader.read(damaged, format: "test-entries-1") { try $0.array { try Self.read(&$0) } } == nil, "byte \(index)")
        }
        // A reader that leaves bytes unread has not read the file it thinks it has.
        #expect(CacheReader.read(whole, format: "test-entries-1") { try $0.int() } == nil)
    }
}

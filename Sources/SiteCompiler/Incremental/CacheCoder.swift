import Digests
import FileSystem
import Foundation

/// A compact binary form for the build cache: lengths as variable-length integers, text as UTF-8.
/// JSON would cost more to read back than the work the cache saves.
struct CacheWriter {
    private(set) var bytes: [UInt8] = []

    /// Makes room for `count` bytes in all, so a big cache is not copied as it grows.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func raw(_ value: some Collection<UInt8>) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func double(_ value: Double) { int(Int(bitPattern: UInt(value.bitPattern))) }

    mutating func fingerprint(_ value: Fingerprint) { raw(value.bytes) }

    mutating func optional<T>(_ value: T?, _ write: (inout CacheWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<T>(_ values: [T], _ write: (inout CacheWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

/// Reads what ``CacheWriter`` wrote; any inconsistency throws, and the build starts afresh.
struct CacheReader {
    struct Damaged: Error {}

    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    /// A reader of one part of a larger cache, such as one entry written with `raw`.
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var atEnd: Bool { index == bytes.endIndex }

    /// Where the reader is, as an index into the bytes it was made with.
    var position: Int { index }

    mutating func int() throws -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < bytes.endIndex, shift < 64 else { throw Damaged() }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value))
    }

    mutating func bool() throws -> Bool {
        guard index < bytes.endIndex else { throw Damaged() }
        index += 1
        return bytes[index - 1] != 0
    }

    mutating func string() throws -> String {
        String(decoding: try raw(), as: UTF8.self)
    }

    mutating func raw() throws -> ArraySlice<UInt8> {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - index else { throw Damaged() }
        defer { index += count }
        return bytes[index..<index + count]
    }

    mutating func double() throws -> Double { Double(bitPattern: UInt64(UInt(bitPattern: try int()))) }

    mutating func fingerprint() throws -> Fingerprint {
        guard let fingerprint = Fingerprint(bytes: try raw()) else { throw Damaged() }
        return fingerprint
    }

    mutating func optional<T>(_ read: (inout CacheReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout CacheReader) throws -> T) throws -> [T] {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - index else { throw Damaged() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}

/// Whole cache files: a format line, then what the file's owner writes.
extension CacheReader {
    /// What `read` makes of the file at `url`, after its `format` line; nil when the file is
    /// missing, of another format, damaged, or longer than what `read` takes.
    static func read<Value>(_ url: URL, format: String, _ read: (inout CacheReader) throws -> Value) -> Value? {
        FileBytes.read(url.path).flatMap { Self.read($0, format: format, read) }
    }

    /// What `read` makes of `bytes`, a whole cache file, as ``read(_:format:_:)`` does.
    /// A file whose closing checksum does not match what it holds is damaged.
    static func read<Value>(_ bytes: [UInt8], format: String, _ read: (inout CacheReader) throws -> Value) -> Value? {
        guard bytes.count >= 8 else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        guard CacheChecksum.bytes(CacheChecksum.of(body)) == Array(bytes[(bytes.count - 8)...]) else { return nil }
        var reader = CacheReader(body)
        guard (try? reader.string()) == format, let value = try? read(&reader), reader.atEnd else { return nil }
        return value
    }
}

extension CacheWriter {
    /// Writes the file at `url` in one step (a temporary file renamed into place), making its
    /// folder: the `format` line, then what `write` puts, then `rest`, bytes encoded already
    /// (written as they are, not copied into the rest).
    static func write(_ url: URL, format: String, then rest: FileBytes.Gather = FileBytes.Gather(), _ write: (inout CacheWriter) -> Void) throws {
        var writer = CacheWriter()
        writer.string(format)
        write(&writer)
        var whole = FileBytes.Gather()
        whole.append(writer.bytes)
        whole.append(contentsOf: rest)
        whole.append(CacheChecksum.bytes(whole.checksum()))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Unique within the process too: builds running side by side (the watcher's) share the highlight cache.
        let temporary = url.path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileBytes.write(whole, to: temporary)
            guard rename(temporary, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}

import Digests
import FileSystem
import Foundation

/// Reads what ``CacheWriter`` wrote; any inconsistency throws, and the build starts afresh.
///
/// `public`, with its `@inlinable` members, though nothing outside the package uses them: Swift
/// 6.3 hands other modules the body of a `public` inlinable function only, not of a `package`
/// one, so the cache's decoders in other targets called each of these (and each `array`
/// unspecialized). ShippedBinaryTests checks the binary for the copies made in other modules.
public struct CacheReader {
    public struct Damaged: Error {
        @inlinable public init() {}
    }

    @usableFromInline let bytes: ArraySlice<UInt8>
    @usableFromInline var index: Int

    package init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    /// A reader of one part of a larger cache, such as one entry written with `raw`.
    package init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    package var atEnd: Bool { index == bytes.endIndex }

    /// Where the reader is, as an index into the bytes it was made with.
    package var position: Int { index }

    @inlinable public mutating func int() throws -> Int {
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

    @inlinable public mutating func bool() throws -> Bool {
        guard index < bytes.endIndex else { throw Damaged() }
        index += 1
        return bytes[index - 1] != 0
    }

    @inlinable public mutating func string() throws -> String {
        String(decoding: try raw(), as: UTF8.self)
    }

    @inlinable public mutating func raw() throws -> ArraySlice<UInt8> {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - index else { throw Damaged() }
        defer { index += count }
        return bytes[index..<index + count]
    }

    @inlinable public mutating func double() throws -> Double { Double(bitPattern: UInt64(UInt(bitPattern: try int()))) }

    @inlinable public mutating func fingerprint() throws -> Fingerprint {
        guard let fingerprint = Fingerprint(bytes: try raw()) else { throw Damaged() }
        return fingerprint
    }

    @inlinable public mutating func optional<T>(_ read: (inout CacheReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    @inlinable public mutating func array<T>(_ read: (inout CacheReader) throws -> T) throws -> [T] {
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
    package static func read<Value>(_ url: URL, format: String, _ read: (inout CacheReader) throws -> Value) -> Value? {
        FileBytes.read(url.path).flatMap { Self.read($0, format: format, read) }
    }

    /// What `read` makes of `bytes`, a whole cache file, as ``read(_:format:_:)`` does.
    /// A file whose closing checksum does not match what it holds is damaged.
    package static func read<Value>(_ bytes: [UInt8], format: String, _ read: (inout CacheReader) throws -> Value) -> Value? {
        guard bytes.count >= 8 else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        guard CacheChecksum.bytes(CacheChecksum.of(body)) == Array(bytes[(bytes.count - 8)...]) else { return nil }
        var reader = CacheReader(body)
        guard (try? reader.string()) == format, let value = try? read(&reader), reader.atEnd else { return nil }
        return value
    }
}

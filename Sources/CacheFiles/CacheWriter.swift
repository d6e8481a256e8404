import Digests
import FileSystem
import Foundation

/// A compact binary form for the build cache: lengths as variable-length integers, text as UTF-8.
/// JSON would cost more to read back than the work the cache saves.
///
/// `public` for the reason ``CacheReader`` is.
public struct CacheWriter {
    @usableFromInline package internal(set) var bytes: [UInt8] = []

    package init() {}

    /// Makes room for `count` bytes in all, so a big cache is not copied as it grows.
    package mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    @inlinable public mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    @inlinable public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    @inlinable public mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    @inlinable public mutating func raw(_ value: some Collection<UInt8>) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    @inlinable public mutating func double(_ value: Double) { int(Int(bitPattern: UInt(value.bitPattern))) }

    @inlinable public mutating func fingerprint(_ value: Fingerprint) { raw(value.bytes) }

    @inlinable public mutating func optional<T>(_ value: T?, _ write: (inout CacheWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    @inlinable public mutating func array<T>(_ values: [T], _ write: (inout CacheWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

extension CacheWriter {
    /// Writes the file at `url` in one step (a temporary file renamed into place), making its
    /// folder: the `format` line, then what `write` puts, then `rest`, bytes encoded already
    /// (written as they are, not copied into the rest).
    package static func write(_ url: URL, format: String, then rest: FileBytes.Gather = FileBytes.Gather(), _ write: (inout CacheWriter) -> Void) throws {
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

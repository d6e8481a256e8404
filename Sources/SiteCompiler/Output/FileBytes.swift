import Foundation

/// Whole-file reads, writes and comparisons with plain system calls: the writer does one of each
/// per output file, thousands per build, where Foundation's per-call overhead would dominate.
enum FileBytes {
    /// Whether the file at `path` holds exactly `bytes`.
    static func equal(_ path: String, _ bytes: Data) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        return bytes.withUnsafeBytes { expected -> Bool in
            while true {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 { return false }
                if count == 0 { return offset == expected.count }
                guard offset + count <= expected.count,
                    buffer.withUnsafeBytes({ memcmp($0.baseAddress!, expected.baseAddress! + offset, count) }) == 0
                else { return false }
                offset += count
            }
        }
    }

    /// The whole file at `path`, read straight into an array (no `Data` to copy out of); nil
    /// when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                count += got
            }
        }
        // A file that grew since the stat: the rest, the slow way.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return got == 0 ? bytes : nil }
            bytes += chunk[..<got]
        }
    }

    /// Writes `bytes` to a new file at `path`.
    static func write(_ bytes: Data, to path: String) throws {
        try bytes.withUnsafeBytes { try write([$0], to: path) }
    }

    /// Writes the parts, one after the other, to a new file at `path`.
    static func write(_ parts: [[UInt8]], to path: String) throws {
        // Nested, so that every buffer stays valid for the whole write.
        func next(_ index: Int, _ buffers: [UnsafeRawBufferPointer]) throws {
            guard index < parts.count else { return try write(buffers, to: path) }
            try parts[index].withUnsafeBytes { try next(index + 1, buffers + [$0]) }
        }
        try next(0, [])
    }

    private static func write(_ buffers: [UnsafeRawBufferPointer], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputError(path: path, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        for buffer in buffers where buffer.count > 0 {
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputError(path: path, message: "cannot write: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}

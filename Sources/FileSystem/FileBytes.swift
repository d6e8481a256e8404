import Foundation

/// Whole-file reads, writes and comparisons with plain system calls: the writer does one of each
/// per output file, thousands per build, where Foundation's per-call overhead would dominate.
package enum FileBytes {
    /// Whether the file at `path` holds exactly `bytes`.
    package static func equal(_ path: String, _ bytes: some ContiguousBytes) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return equal(descriptor, bytes)
    }

    /// Whether the file open as `descriptor` holds exactly `bytes`, read from where it stands.
    package static func equal(_ descriptor: Int32, _ bytes: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { expected -> Bool in
            // A byte more than expected, so that a file of the right size is read in one call and
            // its end found by the next; a page is a few kilobytes, and a zeroed 64 KiB buffer
            // for each of thousands of comparisons cost more than the reads.
            var buffer = [UInt8](repeating: 0, count: min(65536, expected.count + 1))
            var offset = 0
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
    package static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor)
    }

    /// The rest of the file open as `descriptor`; nil when it cannot be read.
    package static func read(_ descriptor: Int32) -> [UInt8]? {
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
    package static func write(_ bytes: some ContiguousBytes, to path: String) throws(FileSystemError) {
        let descriptor = try create(path)
        defer { close(descriptor) }
        try write(bytes, to: descriptor, path: path)
    }

    /// Writes `bytes` to the file open as `descriptor`, named `path` in messages.
    package static func write(_ bytes: some ContiguousBytes, to descriptor: Int32, path: String) throws(FileSystemError) {
        try writing(path) { try bytes.withUnsafeBytes { try write([$0], to: descriptor, path: path) } }
    }

    /// Runs `body`, a write through calls that take a closure and so forget the error's type.
    private static func writing(_ path: String, _ body: () throws -> Void) throws(FileSystemError) {
        do {
            try body()
        } catch let error as FileSystemError {
            throw error
        } catch {
            throw FileSystemError(path: path, message: "cannot write: \(error)")
        }
    }

    /// Bytes to write, in order: ranges of a few buffers. A file made mostly of another file's
    /// bytes (a cache file rewritten with one entry changed) is written from that file's buffer
    /// in a few ranges, instead of being copied into a new buffer first.
    package struct Gather {
        private(set) var buffers: [[UInt8]] = []
        private(set) var pieces: [(buffer: Int, range: Range<Int>)] = []

        /// An empty gather.
        package init() {}

        /// Adds a buffer, to take ranges of; nothing of it is written until they are appended.
        package mutating func add(_ buffer: [UInt8]) -> Int {
            buffers.append(buffer)
            return buffers.count - 1
        }

        /// Appends a whole buffer.
        package mutating func append(_ bytes: [UInt8]) {
            append(0..<bytes.count, of: add(bytes))
        }

        /// Appends bytes `range` of an added buffer, joined to the piece before when they follow on.
        package mutating func append(_ range: Range<Int>, of buffer: Int) {
            guard !range.isEmpty else { return }
            if let last = pieces.last, last.buffer == buffer, last.range.upperBound == range.lowerBound {
                pieces[pieces.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                pieces.append((buffer, range))
            }
        }

        /// Hands `body` every byte the gather holds, a piece at a time, in order.
        package func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) {
            for piece in pieces {
                buffers[piece.buffer].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[piece.range])) }
            }
        }

        /// Appends everything of another gather after this one's.
        package mutating func append(contentsOf other: Gather) {
            let first = buffers.count
            buffers += other.buffers
            for piece in other.pieces { append(piece.range, of: first + piece.buffer) }
        }
    }

    /// Writes what `gather` holds to a new file at `path`.
    package static func write(_ gather: Gather, to path: String) throws(FileSystemError) {
        let descriptor = try create(path)
        defer { close(descriptor) }
        // Nested, so that every buffer stays valid for the whole write; a gather has few buffers.
        func open(_ index: Int, _ bases: [UnsafeRawBufferPointer]) throws {
            guard index == gather.buffers.count else {
                return try gather.buffers[index].withUnsafeBytes { try open(index + 1, bases + [$0]) }
            }
            let pieces = gather.pieces.map { UnsafeRawBufferPointer(rebasing: bases[$0.buffer][$0.range]) }
            try write(pieces, to: descriptor, path: path)
        }
        try writing(path) { try open(0, []) }
    }

    private static func create(_ path: String) throws(FileSystemError) -> Int32 {
        // Never through a link: one planted at a cache file's name would point the write elsewhere.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    /// Writes the buffers one after the other, many to a system call.
    package static func write(_ buffers: [UnsafeRawBufferPointer], to descriptor: Int32, path: String) throws(FileSystemError) {
        var vectors = buffers.filter { $0.count > 0 }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var next = 0
        while next < vectors.count {
            // Linux takes at most 1,024 vectors a call (IOV_MAX, which Swift does not import).
            let batch = min(vectors.count - next, 1024)
            let written = vectors[next...].withUnsafeBufferPointer { writev(descriptor, $0.baseAddress, Int32(batch)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, message: "cannot write: \(String(cString: strerror(errno)))")
            }
            // Past the vectors written whole, and into the one written in part.
            var rest = written
            while rest > 0, rest >= vectors[next].iov_len {
                rest -= vectors[next].iov_len
                next += 1
            }
            if rest > 0 {
                vectors[next].iov_base += rest
                vectors[next].iov_len -= rest
            }
        }
    }
}

/// A 64-bit checksum that every cache file ends with, so that a damaged file (a flipped bit, a
/// torn write, a file from elsewhere) is read as no cache at all rather than as wrong pages.
///
/// Each step mixes eight bytes in with a multiplication by an odd number and a shift, both
/// one-to-one, so a change confined to one word always changes the result; other damage goes
/// unseen with odds of one in 2^64. It runs a word at a time: a big blog's documents file is
/// checked on every build.
struct CacheChecksum {
    private(set) var value: UInt64 = 0x6A09_E667_F3BC_C908
    private var count = 0

    /// The checksum of `bytes`.
    static func of(_ bytes: some Collection<UInt8>) -> UInt64 {
        var checksum = CacheChecksum()
        checksum.add(bytes)
        return checksum.finish()
    }

    /// Bytes of a word begun by one piece and not yet completed by the next.
    private var partial: UInt64 = 0

    /// Takes in more bytes, in any pieces: the checksum is that of all of them in a row.
    mutating func add(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { add(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { add($0) } }
    }

    mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var offset = 0
        // Complete a word begun by the piece before, a byte at a time.
        while count % 8 != 0, offset < buffer.count {
            partial |= UInt64(buffer[offset]) << (8 * UInt64(count % 8))
            offset += 1
            count += 1
            if count % 8 == 0 {
                mix(partial)
                partial = 0
            }
        }
        while offset + 8 <= buffer.count {
            mix(buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
            count += 8
        }
        while offset < buffer.count {
            partial |= UInt64(buffer[offset]) << (8 * UInt64(count % 8))
            offset += 1
            count += 1
        }
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 32
    }

    /// The checksum, with the length mixed in last, so that trailing zero bytes count.
    func finish() -> UInt64 {
        var final = self
        if count % 8 != 0 { final.mix(partial) }
        final.mix(UInt64(count))
        return final.value
    }

    /// The checksum as the eight bytes a file ends with.
    static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

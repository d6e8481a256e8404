/// A 64-bit checksum that every cache file ends with, so that a damaged file (a flipped bit, a
/// torn write, a file from elsewhere) is read as no cache at all rather than as wrong pages.
///
/// Each step mixes eight bytes in with a multiplication by an odd number and a shift, both
/// one-to-one, so a change confined to one word always changes the result; other damage goes
/// unseen with odds of one in 2^64. It runs a word at a time, in four lanes that take turns (a
/// word's lane is its place in the bytes, four apart), so that the processor works on four
/// words at once instead of waiting for each step: a big blog's documents file is checked on
/// every build. The lanes are mixed into one another at the end, each step again one-to-one.
package struct CacheChecksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) =
        (0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1)
    /// Whole words taken in so far.
    private var words = 0
    /// Bytes of a word begun by one piece and not yet completed by the next, and how many.
    private var partial: UInt64 = 0
    private var partialCount = 0

    /// The checksum of `bytes`.
    package static func of(_ bytes: some Collection<UInt8>) -> UInt64 {
        var checksum = CacheChecksum()
        checksum.add(bytes)
        return checksum.finish()
    }

    /// Takes in more bytes, in any pieces: the checksum is that of all of them in a row.
    package init() {}

    package mutating func add(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { add(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { add($0) } }
    }

    package mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var offset = 0
        // Complete a word begun by the piece before, a byte at a time.
        while partialCount != 0, offset < buffer.count {
            take(byte: buffer[offset])
            offset += 1
        }
        func word(_ at: Int) -> UInt64 { buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        // Words up to the first lane, then four at a time, then the words left.
        while words % 4 != 0, offset + 8 <= buffer.count {
            mix(word(offset))
            offset += 8
        }
        while offset + 32 <= buffer.count {
            lanes.0 = Self.step(lanes.0, word(offset))
            lanes.1 = Self.step(lanes.1, word(offset + 8))
            lanes.2 = Self.step(lanes.2, word(offset + 16))
            lanes.3 = Self.step(lanes.3, word(offset + 24))
            words += 4
            offset += 32
        }
        while offset + 8 <= buffer.count {
            mix(word(offset))
            offset += 8
        }
        while offset < buffer.count {
            take(byte: buffer[offset])
            offset += 1
        }
    }

    private mutating func take(byte: UInt8) {
        partial |= UInt64(byte) << (8 * UInt64(partialCount))
        partialCount += 1
        if partialCount == 8 {
            mix(partial)
            partial = 0
            partialCount = 0
        }
    }

    /// Mixes in the next word, in its lane.
    private mutating func mix(_ word: UInt64) {
        switch words % 4 {
        case 0: lanes.0 = Self.step(lanes.0, word)
        case 1: lanes.1 = Self.step(lanes.1, word)
        case 2: lanes.2 = Self.step(lanes.2, word)
        default: lanes.3 = Self.step(lanes.3, word)
        }
        words += 1
    }

    private static func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 32)
    }

    /// The checksum, with the length mixed in last, so that trailing zero bytes count.
    package func finish() -> UInt64 {
        var final = self
        let count = words * 8 + partialCount
        if partialCount != 0 { final.mix(partial) }
        let lanes = final.lanes
        return Self.step(Self.step(Self.step(Self.step(lanes.0, lanes.1), lanes.2), lanes.3), UInt64(count))
    }

    /// The checksum as the eight bytes a file ends with.
    package static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

import CacheFiles
import FileSystem
import Testing

/// A damaged cache file must read as no cache: the checksum is what tells.
@Suite struct CacheChecksumTests {
    /// Bytes that look random enough and are the same on every run.
    private func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &+ seed) &* 2_654_435_761 >> 13) }
    }

    @Test func aGatherHasTheChecksumOfItsBytesHoweverTheyAreCut() {
        for count in stride(from: 0, through: 300, by: 7) {
            let whole = bytes(count, seed: count)
            for longest in [1, 3, 8, 13, 20] {
                var gather = FileBytes.Gather()
                let buffer = gather.add(whole)
                var start = 0
                var piece = 0
                while start < whole.count {
                    let end = min(whole.count, start + 1 + piece % longest)
                    gather.append(start..<end, of: buffer)
                    // A piece of another buffer now and then, so that runs are not joined into one.
                    if piece % 3 == 0 { gather.append([]) }
                    start = end
                    piece += 1
                }
                #expect(gather.checksum() == CacheChecksum.of(whole), "\(count) bytes in pieces of up to \(longest)")
            }
        }
    }

    @Test func everyFlippedBitIsCaught() {
        let bytes = Array("galley-documents-9 and some text that stands for a cache file's entries".utf8)
        let sum = CacheChecksum.of(bytes)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(CacheChecksum.of(damaged) != sum, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func piecesAddUpToTheWhole() {
        let whole = bytes(1_000, seed: 5)
        for cut in [0, 1, 7, 8, 9, 31, 32, 33, 500, 999, 1_000] {
            var checksum = CacheChecksum()
            checksum.add(whole[..<cut])
            checksum.add(whole[cut...])
            #expect(checksum.finish() == CacheChecksum.of(whole), "cut at \(cut)")
        }
    }
}

import FileSystem

extension FileBytes.Gather {
    /// The ``CacheChecksum`` of every byte the gather holds, in order.
    package func checksum() -> UInt64 {
        var checksum = CacheChecksum()
        forEachPiece { checksum.add($0) }
        return checksum.finish()
    }
}

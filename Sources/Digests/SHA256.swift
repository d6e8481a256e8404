import CLibCrypto
import Foundation

/// SHA-256 (FIPS 180-4) from the system's libcrypto, fed in pieces.
///
/// A value type: a copy made part-way hashes on from that point by itself, which is how a
/// digest of a common prefix is shared.
package struct SHA256: Sendable {
    /// libcrypto's state is a plain C struct of integers and a block buffer, so copying the
    /// value copies the hash.
    private var context = SHA256_CTX()

    /// A hash of nothing yet.
    package init() {
        SHA256_Init(&context)
    }

    /// Adds the bytes in `buffer`.
    package mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        SHA256_Update(&context, base, buffer.count)
    }

    /// Adds `data`'s bytes, region by region.
    package mutating func update<Bytes: DataProtocol>(data: Bytes) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// The digest of everything added. The value may still be updated afterwards only from a
    /// copy made before this call.
    package consuming func finalize() -> Digest {
        var digest = Digest()
        withUnsafeMutableBytes(of: &digest.words) { target in
            _ = SHA256_Final(target.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
        }
        return digest
    }

    /// The digest of `data`, in one call.
    package static func hash<Bytes: DataProtocol>(data: Bytes) -> Digest {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }
}

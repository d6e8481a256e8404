import Foundation

/// HMAC-SHA256 (RFC 2104): the code a forge signs a webhook's body with, using a shared secret.
package enum HMACSHA256 {
    /// SHA-256 reads its input in blocks of 64 bytes; the key is padded (or hashed) to one.
    static let blockSize = 64

    /// The authentication code of `message` under `key`.
    package static func authenticationCode<Message: DataProtocol, Key: DataProtocol>(for message: Message, key: Key) -> SHA256.Digest {
        var block = key.count > blockSize ? Array(SHA256.hash(data: key)) : Array(key)
        block += Array(repeating: 0, count: blockSize - block.count)
        var inner = SHA256()
        inner.update(data: block.map { $0 ^ 0x36 })
        inner.update(data: message)
        var outer = SHA256()
        outer.update(data: block.map { $0 ^ 0x5C })
        outer.update(data: Array(inner.finalize()))
        return outer.finalize()
    }
}

extension SHA256 {
    /// A SHA-256 digest: 32 bytes, read as a collection of them.
    package struct Digest: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
        /// Held inline, not in an array: a build makes one for every page it plans.
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        /// The number of bytes in a SHA-256 digest.
        package static let byteCount = 32

        package var startIndex: Int { 0 }
        package var endIndex: Int { Self.byteCount }

        package subscript(position: Int) -> UInt8 {
            precondition(indices.contains(position), "a SHA-256 digest has 32 bytes")
            return Swift.withUnsafeBytes(of: words) { $0[position] }
        }

        /// Calls `body` with the digest's bytes.
        package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try Swift.withUnsafeBytes(of: words, body)
        }

        /// The digest in lower-case hexadecimal, as `sha256sum` prints it.
        package var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(Self.byteCount * 2)
            for byte in self {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }

        package var description: String { hex }

        package static func == (left: Digest, right: Digest) -> Bool {
            left.words == right.words
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }
}

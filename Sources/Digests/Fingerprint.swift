import Foundation

/// A SHA-256 digest of what went into a page, so a rebuild can tell whether the page would come
/// out the same without rendering it.
///
/// Held inline (four words, no allocation): a big blog's rebuild makes and compares tens of
/// thousands of them. `public` only so that the cache readers' inlined code may name it, and its
/// `@inlinable` members so that other modules get their bodies (see `CacheReader`); the rest
/// stay `package`.
public struct Fingerprint: Hashable, Sendable {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The digest of nothing at all, standing for a missing part (a first post's newer neighbour).
    @inlinable public init() {}

    /// The digest of the parts, in order.
    package init(_ parts: Fingerprint...) { self.init(parts) }

    package init(_ parts: [Fingerprint], label: String = "") {
        var builder = Builder()
        builder.add(label)
        for part in parts { builder.add(part) }
        self = builder.finish()
    }

    /// A digest stored earlier; anything but 32 bytes (a damaged cache) is no digest at all.
    @inlinable public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
    }

    /// The 32 bytes of the digest.
    @usableFromInline package var bytes: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }

    /// The first of ``bytes``, without making them all.
    @inlinable public var firstByte: UInt8 { withUnsafeBytes(of: words) { $0[0] } }

    @inlinable public static func == (a: Fingerprint, b: Fingerprint) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(words.0) }

    /// The digest of some data.
    package static func of(_ data: Data) -> Fingerprint {
        var builder = Builder()
        data.withUnsafeBytes { builder.hasher.update(bufferPointer: $0) }
        return builder.finish()
    }

    /// The digest of a file's name and its bytes.
    package static func of(_ data: Data, named name: String) -> Fingerprint {
        var builder = Builder()
        builder.add(name)
        data.withUnsafeBytes { builder.hasher.update(bufferPointer: $0) }
        return builder.finish()
    }

    /// The digest of some text.
    package static func of(_ text: String) -> Fingerprint {
        var builder = Builder()
        var text = text
        text.withUTF8 { builder.hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return builder.finish()
    }

    /// Feeds values into one digest without building them into a string first. Each text is
    /// ended by a zero byte, so that `("ab", "c")` and `("a", "bc")` differ.
    package struct Builder {
        package var hasher = SHA256()

        package init() {}

        package mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            withUnsafeBytes(of: UInt8(0)) { hasher.update(bufferPointer: $0) }
        }

        package mutating func add(_ number: Int) {
            withUnsafeBytes(of: number.littleEndian) { hasher.update(bufferPointer: $0) }
        }

        package mutating func add(_ number: Double?) { add(Int(bitPattern: UInt(number?.bitPattern ?? Double.nan.bitPattern))) }

        package mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }

        package mutating func add(_ part: Fingerprint) {
            withUnsafeBytes(of: part.words) { hasher.update(bufferPointer: $0) }
        }

        package func finish() -> Fingerprint {
            var fingerprint = Fingerprint()
            let digest = hasher.finalize()
            withUnsafeMutableBytes(of: &fingerprint.words) { target in digest.withUnsafeBytes { target.copyBytes(from: $0) } }
            return fingerprint
        }
    }
}

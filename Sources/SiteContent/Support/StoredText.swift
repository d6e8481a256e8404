/// A text held as a `String`, or as UTF-8 bytes of a cache file Galley wrote itself, made a
/// `String` (which checks every byte) only when it is read: a rebuild of a big blog reads ten
/// thousand cached documents and shows the excerpts of a few dozen.
package enum StoredText: Sendable {
    case string(String)
    case utf8(ArraySlice<UInt8>)

    /// The text, made anew from the bytes at each reading.
    package var text: String {
        switch self {
        case .string(let string): string
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// The width and height of a picture in CSS pixels, as its file's header gives them: what a page
/// writes in `<img width height>` so the browser keeps the room before the picture arrives.
///
/// Read by Galley itself from the first bytes of PNG, GIF, JPEG, WebP and SVG files; any other
/// kind, or a header that does not read, has no size and the image is left as written.
package struct ImageSize: Equatable, Sendable {
    var width: Int
    var height: Int

    /// How much of a file is read for its size: a JPEG's frame header may follow an Exif
    /// thumbnail and colour profiles, which this leaves room for; every other kind needs less.
    static let headerBytes = 512 * 1024

    /// A size, or nil unless both sides are positive (a header of zeros says nothing).
    init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// The size the file `bytes` gives, whichever of the kinds above it is.
    static func read(_ bytes: [UInt8]) -> ImageSize? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count > 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return webp(bytes) }
        return svg(bytes)
    }

    /// The largest side a page is given for a picture: a side written larger, or one a written
    /// side would make larger, is the page's own business (and past `Int`, no number at all).
    static let largestSide = 1_000_000

    /// The other side for `width`, kept in this size's proportion; nil past ``largestSide``.
    func height(forWidth width: Int) -> Int? { Self.side(Double(width) * Double(height) / Double(self.width)) }

    /// The other side for `height`, kept in this size's proportion; nil past ``largestSide``.
    func width(forHeight height: Int) -> Int? { Self.side(Double(height) * Double(width) / Double(self.height)) }

    private static func side(_ value: Double) -> Int? {
        let rounded = value.rounded()
        guard rounded <= Double(largestSide) else { return nil }
        return max(1, Int(rounded))
    }
}

/// Reading numbers out of a file's header, never past its end.
extension [UInt8] {
    func bigEndian(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= self.count else { return nil }
        return self[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= self.count else { return nil }
        return self[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

/// Picture files' headers made byte by byte, as each format's specification lays them out.
package enum TestPictures {
    package static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
    package static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> ($0 * 8) & 0xFF) } }

    package static func png(_ width: Int, _ height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
            + [8, 2, 0, 0, 0]
    }

    /// A JPEG with an Exif segment saying `orientation` (none when nil), then a frame header.
    package static func jpeg(_ width: Int, _ height: Int, orientation: Int?, littleEndian little: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        // An APP0 (JFIF) segment first, as cameras and editors write.
        bytes += [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        if let orientation {
            func number(_ value: Int, _ count: Int) -> [UInt8] { little ? littleEndian(value, count) : bigEndian(value, count) }
            var tiff: [UInt8] = Array((little ? "II" : "MM").utf8) + number(42, 2) + number(8, 4)
            tiff += number(2, 2)
            tiff += number(0x010F, 2) + number(2, 2) + number(4, 4) + number(0, 4)
            tiff += number(0x0112, 2) + number(3, 2) + number(1, 4) + number(orientation, 2) + [0, 0]
            tiff += number(0, 4)
            let segment = Array("Exif\0\0".utf8) + tiff
            bytes += [0xFF, 0xE1] + bigEndian(segment.count + 2, 2) + segment
        }
        // A table first (DHT, C4), which shares the frame headers' range and is not one.
        bytes += [0xFF, 0xC4] + bigEndian(5, 2) + [0, 0, 0]
        bytes += [0xFF, 0xC2] + bigEndian(11, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2) + [1, 1, 0x11, 0]
        return bytes + [0xFF, 0xDA, 0, 2]
    }

    package static func webp(_ form: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(payload.count + 12, 4) + Array("WEBP".utf8) + Array(form.utf8) + littleEndian(payload.count, 4) + payload
    }
}

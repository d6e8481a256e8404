extension ImageSize {
    /// JPEG: the frame header (any SOF marker) gives the stored size; an Exif orientation of 5 to
    /// 8 says the picture is shown turned a quarter, so its sides are swapped as browsers show it.
    static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
        var offset = 2
        var turned = false
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            // Fill bytes, and markers that stand alone without a length.
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                offset += 2
                continue
            }
            guard marker != 0xD9, marker != 0xDA, let length = bytes.bigEndian(offset + 2, 2), length >= 2 else { return nil }
            let segment = offset + 4
            if marker == 0xE1, let orientation = exifOrientation(bytes, from: segment, length: length - 2) {
                turned = (5...8).contains(orientation)
            }
            // SOF0 to SOF15, but for DHT (C4), JPG (C8) and DAC (CC), which share the range.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.bigEndian(segment + 1, 2), let width = bytes.bigEndian(segment + 3, 2) else { return nil }
                return turned ? ImageSize(width: height, height: width) : ImageSize(width: width, height: height)
            }
            offset = segment + length - 2
        }
        return nil
    }

    /// The Orientation (tag 0x0112) of the first IFD of an Exif segment starting at `start`.
    private static func exifOrientation(_ bytes: [UInt8], from start: Int, length: Int) -> Int? {
        guard length > 14, start + 6 <= bytes.count, Array(bytes[start..<(start + 6)]) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = start + 6
        let end = min(bytes.count, start + length)
        let little: Bool
        switch (bytes.bigEndian(tiff, 2), tiff + 8 <= end) {
        case (0x4949, true): little = true
        case (0x4D4D, true): little = false
        default: return nil
        }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset + count <= end else { return nil }
            return little ? bytes.littleEndian(offset, count) : bytes.bigEndian(offset, count)
        }
        guard number(tiff + 2, 2) == 42, let first = number(tiff + 4, 4), let count = number(tiff + first, 2) else { return nil }
        for entry in 0..<min(count, 256) {
            let place = tiff + first + 2 + entry * 12
            guard let tag = number(place, 2) else { return nil }
            if tag == 0x0112 { return number(place + 8, 2) }
        }
        return nil
    }
}

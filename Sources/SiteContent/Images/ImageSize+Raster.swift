extension ImageSize {
    /// PNG: the first chunk is IHDR, whose data starts with the width and height.
    static func png(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8),
            let width = bytes.bigEndian(16, 4), let height = bytes.bigEndian(20, 4)
        else { return nil }
        return ImageSize(width: width, height: height)
    }

    /// GIF: the logical screen's size, right after the six-byte signature.
    static func gif(_ bytes: [UInt8]) -> ImageSize? {
        guard let width = bytes.littleEndian(6, 2), let height = bytes.littleEndian(8, 2) else { return nil }
        return ImageSize(width: width, height: height)
    }

    /// WebP: the first chunk after the RIFF header says which of the three forms the file is.
    static func webp(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 25 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // A lossy frame: a 3-byte tag and the 3-byte start code, then two 14-bit sides.
            guard bytes.count >= 30, Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A], let width = bytes.littleEndian(26, 2), let height = bytes.littleEndian(28, 2)
            else { return nil }
            return ImageSize(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            // Lossless: after the 0x2F signature, two 14-bit sides less one, packed from the lowest bit.
            guard bytes[20] == 0x2F, let packed = bytes.littleEndian(21, 4) else { return nil }
            return ImageSize(width: (packed & 0x3FFF) + 1, height: (packed >> 14 & 0x3FFF) + 1)
        case "VP8X":
            // Extended: the canvas's two 24-bit sides less one, after four bytes of flags.
            guard let width = bytes.littleEndian(24, 3), let height = bytes.littleEndian(27, 3) else { return nil }
            return ImageSize(width: width + 1, height: height + 1)
        default:
            return nil
        }
    }
}

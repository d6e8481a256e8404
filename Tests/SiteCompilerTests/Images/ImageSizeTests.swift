import Foundation
@testable import SiteContent
import SiteSource
import Testing

@testable import SiteCompiler

/// Headers made byte by byte here, as each format's specification lays them out.
@Suite struct ImageSizeTests {
    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> ($0 * 8) & 0xFF) } }

    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
            + [8, 2, 0, 0, 0]
    }

    /// A JPEG with an Exif segment saying `orientation` (none when nil), then a frame header.
    static func jpeg(_ width: Int, _ height: Int, orientation: Int?, littleEndian little: Bool = true) -> [UInt8] {
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

    static func webp(_ form: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(payload.count + 12, 4) + Array("WEBP".utf8) + Array(form.utf8) + littleEndian(payload.count, 4) + payload
    }

    @Test func pngAndGIFGiveTheirSides() {
        #expect(ImageSize.read(Self.png(1200, 630)) == ImageSize(width: 1200, height: 630))
        #expect(ImageSize.read(Array("GIF89a".utf8) + Self.littleEndian(320, 2) + Self.littleEndian(200, 2) + [0, 0, 0]) == ImageSize(width: 320, height: 200))
        #expect(ImageSize.read(Array(Self.png(1200, 630).prefix(20))) == nil, "a header cut short")
        #expect(ImageSize.read(Self.png(0, 630)) == nil)
    }

    @Test func jpegSidesAreSwappedWhenExifSaysThePictureIsTurned() {
        #expect(ImageSize.read(Self.jpeg(4000, 3000, orientation: nil)) == ImageSize(width: 4000, height: 3000))
        #expect(ImageSize.read(Self.jpeg(4000, 3000, orientation: 1)) == ImageSize(width: 4000, height: 3000))
        #expect(ImageSize.read(Self.jpeg(4000, 3000, orientation: 3)) == ImageSize(width: 4000, height: 3000))
        for turned in 5...8 {
            #expect(ImageSize.read(Self.jpeg(4000, 3000, orientation: turned)) == ImageSize(width: 3000, height: 4000), "\(turned)")
        }
        #expect(ImageSize.read(Self.jpeg(4000, 3000, orientation: 6, littleEndian: false)) == ImageSize(width: 3000, height: 4000))
        #expect(ImageSize.read(Array(Self.jpeg(4000, 3000, orientation: 6).prefix(40))) == nil)
    }

    @Test func webpInEachOfItsThreeForms() {
        let lossy: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + Self.littleEndian(800, 2) + Self.littleEndian(600, 2)
        #expect(ImageSize.read(Self.webp("VP8 ", lossy)) == ImageSize(width: 800, height: 600))
        let packed = (800 - 1) | (600 - 1) << 14
        #expect(ImageSize.read(Self.webp("VP8L", [0x2F] + Self.littleEndian(packed, 4))) == ImageSize(width: 800, height: 600))
        let extended: [UInt8] = [0x10, 0, 0, 0] + Self.littleEndian(1919, 3) + Self.littleEndian(1079, 3)
        #expect(ImageSize.read(Self.webp("VP8X", extended)) == ImageSize(width: 1920, height: 1080))
    }

    @Test func svgTakesPixelSidesOrItsViewBox() {
        func size(_ text: String) -> ImageSize? { ImageSize.read(Array(text.utf8)) }
        #expect(size(#"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">"#) == ImageSize(width: 640, height: 360))
        #expect(size("<?xml version=\"1.0\"?>\n<!-- drawn -->\n<svg viewBox=\"0 0 320 180\" width='64px' height='36px'>") == ImageSize(width: 64, height: 36))
        #expect(size(#"<svg viewBox="0,0,320,180">"#) == ImageSize(width: 320, height: 180))
        #expect(size(#"<svg width="100%" height="100%" viewBox="0 0 32 16">"#) == ImageSize(width: 32, height: 16))
        #expect(size(#"<svg width="64" viewBox="0 0 32 16">"#) == ImageSize(width: 64, height: 32))
        #expect(size(#"<svg width="10em" height="2em">"#) == nil)
        #expect(size("<html><svg-not width=\"1\" height=\"1\"></html>") == nil)
        #expect(size("plain text") == nil)
    }

    /// Every cut of every header reads as a size or as none, never past the bytes there are.
    @Test func headersCutShortAnywhereGiveNoSizeRatherThanACrash() {
        let lossy: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + Self.littleEndian(800, 2) + Self.littleEndian(600, 2)
        let headers = [Self.png(10, 10), Self.jpeg(40, 30, orientation: 6), Self.jpeg(40, 30, orientation: 8, littleEndian: false),
                       Self.webp("VP8 ", lossy), Self.webp("VP8X", [0, 0, 0, 0] + Self.littleEndian(9, 3) + Self.littleEndian(9, 3)),
                       Array(#"<svg width="5" height="5">"#.utf8)]
        for header in headers {
            for length in 0..<header.count { _ = ImageSize.read(Array(header.prefix(length))) }
            #expect(ImageSize.read(header) != nil)
        }
        // A segment length that points past the end, and one of zero.
        #expect(ImageSize.read([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45]) == nil)
        #expect(ImageSize.read([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xC0]) == nil)
    }

    @Test func imagesOfThePageAreSizedAndMadeLazy() throws {
        let tree = MemorySource(files: [
            "static/images/wide.png": Data(Self.png(1200, 600)),
            "posts/walk/photo.jpg": Data(Self.jpeg(4000, 3000, orientation: 6)),
            "static/notes.png": Data("not a picture".utf8),
        ])
        let sizes = ImageSizes(tree: tree, published: [("static/images/wide.png", "images/wide.png"), ("posts/walk/photo.jpg", "2024/walk/photo.jpg"),
                                                      ("static/notes.png", "notes.png")])
        let html = """
            <p><img src="/blog/images/wide.png" alt="Wide" /></p>
            <img alt="x" src="photo.jpg"><img src="../walk/photo.jpg?v=2" width="300">
            <img src="https://elsewhere.example/a.png" alt="far"><img src="/blog/notes.png"><img src="/other/images/wide.png" loading="eager">
            <p>img src="/blog/images/wide.png"</p><script>x = "<img src='/blog/images/wide.png'>"</script>
            """
        #expect(sizes.sized(html, page: "/2024/walk/", basePath: "/blog/") == """
            <p><img src="/blog/images/wide.png" alt="Wide" width="1200" height="600" loading="lazy" /></p>
            <img alt="x" src="photo.jpg" width="3000" height="4000" loading="lazy"><img src="../walk/photo.jpg?v=2" width="300" height="400" loading="lazy">
            <img src="https://elsewhere.example/a.png" alt="far" loading="lazy"><img src="/blog/notes.png" loading="lazy"><img src="/other/images/wide.png" loading="eager">
            <p>img src="/blog/images/wide.png"</p><script>x = "<img src='/blog/images/wide.png'>"</script>
            """)
        #expect(ImageSizes.outputPath(of: "../../../../etc/passwd.png", page: "/2024/walk/", basePath: "/") == nil)
        #expect(ImageSizes.outputPath(of: "a%20b.png", page: "/2024/post.html", basePath: "/") == "2024/a b.png")
    }
}

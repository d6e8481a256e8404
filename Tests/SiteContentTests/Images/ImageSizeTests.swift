import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Headers made byte by byte here, as each format's specification lays them out.
@Suite struct ImageSizeTests {
    @Test func pngAndGIFGiveTheirSides() {
        #expect(ImageSize.read(TestPictures.png(1200, 630)) == ImageSize(width: 1200, height: 630))
        #expect(ImageSize.read(Array("GIF89a".utf8) + TestPictures.littleEndian(320, 2) + TestPictures.littleEndian(200, 2) + [0, 0, 0]) == ImageSize(width: 320, height: 200))
        #expect(ImageSize.read(Array(TestPictures.png(1200, 630).prefix(20))) == nil, "a header cut short")
        #expect(ImageSize.read(TestPictures.png(0, 630)) == nil)
    }

    @Test func jpegSidesAreSwappedWhenExifSaysThePictureIsTurned() {
        #expect(ImageSize.read(TestPictures.jpeg(4000, 3000, orientation: nil)) == ImageSize(width: 4000, height: 3000))
        #expect(ImageSize.read(TestPictures.jpeg(4000, 3000, orientation: 1)) == ImageSize(width: 4000, height: 3000))
        #expect(ImageSize.read(TestPictures.jpeg(4000, 3000, orientation: 3)) == ImageSize(width: 4000, height: 3000))
        for turned in 5...8 {
            #expect(ImageSize.read(TestPictures.jpeg(4000, 3000, orientation: turned)) == ImageSize(width: 3000, height: 4000), "\(turned)")
        }
        #expect(ImageSize.read(TestPictures.jpeg(4000, 3000, orientation: 6, littleEndian: false)) == ImageSize(width: 3000, height: 4000))
        #expect(ImageSize.read(Array(TestPictures.jpeg(4000, 3000, orientation: 6).prefix(40))) == nil)
    }

    @Test func webpInEachOfItsThreeForms() {
        let lossy: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + TestPictures.littleEndian(800, 2) + TestPictures.littleEndian(600, 2)
        #expect(ImageSize.read(TestPictures.webp("VP8 ", lossy)) == ImageSize(width: 800, height: 600))
        let packed = (800 - 1) | (600 - 1) << 14
        #expect(ImageSize.read(TestPictures.webp("VP8L", [0x2F] + TestPictures.littleEndian(packed, 4))) == ImageSize(width: 800, height: 600))
        let extended: [UInt8] = [0x10, 0, 0, 0] + TestPictures.littleEndian(1919, 3) + TestPictures.littleEndian(1079, 3)
        #expect(ImageSize.read(TestPictures.webp("VP8X", extended)) == ImageSize(width: 1920, height: 1080))
    }

    @Test func svgTakesPixelSidesOrItsViewBox() {
        func size(_ text: String) -> ImageSize? { ImageSize.read(Array(text.utf8)) }
        #expect(size(#"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">"#) == ImageSize(width: 640, height: 360))
        #expect(size("<?xml version=\"1.0\"?>\n<!-- drawn -->\n<svg viewBox=\"0 0 320 180\" width='64px' height='36px'>") == ImageSize(width: 64, height: 36))
        #expect(size(#"<svg viewBox="0,0,320,180">"#) == ImageSize(width: 320, height: 180))
        #expect(size(#"<svg width="100%" height="100%" viewBox="0 0 32 16">"#) == ImageSize(width: 32, height: 16))
        #expect(size(#"<svg width="64" viewBox="0 0 32 16">"#) == ImageSize(width: 64, height: 32))
        #expect(size(#"<svg width="10em" height="2em">"#) == nil)
        // Sides no picture has, which no Int holds: no size rather than a crash.
        #expect(size(#"<svg viewBox="0 0 -1e300 1">"#) == nil)
        #expect(size(#"<svg viewBox="0 0 -5 10">"#) == nil)
        #expect(size(#"<svg width="999999" viewBox="0 0 1 999999">"#) == nil)
        #expect(size("<html><svg-not width=\"1\" height=\"1\"></html>") == nil)
        #expect(size("plain text") == nil)
    }

    /// Every cut of every header reads as a size or as none, never past the bytes there are.
    @Test func headersCutShortAnywhereGiveNoSizeRatherThanACrash() {
        let lossy: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + TestPictures.littleEndian(800, 2) + TestPictures.littleEndian(600, 2)
        let headers = [TestPictures.png(10, 10), TestPictures.jpeg(40, 30, orientation: 6), TestPictures.jpeg(40, 30, orientation: 8, littleEndian: false),
                       TestPictures.webp("VP8 ", lossy), TestPictures.webp("VP8X", [0, 0, 0, 0] + TestPictures.littleEndian(9, 3) + TestPictures.littleEndian(9, 3)),
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
            "static/images/wide.png": Data(TestPictures.png(1200, 600)),
            "posts/walk/photo.jpg": Data(TestPictures.jpeg(4000, 3000, orientation: 6)),
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
        // A side written past any picture's gets no other: the page's own business, not a crash.
        #expect(sizes.sized(#"<img src="/blog/images/wide.png" width="9223372036854775807"><img src="/blog/images/wide.png" height="9223372036854775807">"#,
                            page: "/", basePath: "/blog/")
            == #"<img src="/blog/images/wide.png" width="9223372036854775807" loading="lazy"><img src="/blog/images/wide.png" height="9223372036854775807" loading="lazy">"#)
        #expect(sizes.sized(#"<img src="/blog/images/wide.png" height="999999">"#, page: "/", basePath: "/blog/")
            == #"<img src="/blog/images/wide.png" height="999999" loading="lazy">"#)
        #expect(ImageSizes.outputPath(of: "../../../../etc/passwd.png", page: "/2024/walk/", basePath: "/") == nil)
        #expect(ImageSizes.outputPath(of: "a%20b.png", page: "/2024/post.html", basePath: "/") == "2024/a b.png")
    }
}

import Foundation
import Text

extension ImageSize {
    /// SVG: the root element's `width` and `height` when they are lengths in pixels (a number,
    /// with `px` or without), else the proportions of its `viewBox` at its own scale, which is
    /// what a browser shows an `<img>` of it at.
    static func svg(_ bytes: [UInt8]) -> ImageSize? {
        // The root element comes after an XML declaration, comments and a doctype, all short.
        let head = String(decoding: bytes.prefix(16_384), as: UTF8.self)[...]
        guard let open = head.range(of: "<svg"), let next = head[open.upperBound...].first, next.isWhitespace || next == ">",
            let end = TagAttributes.endOfTag(in: head, from: open.upperBound)
        else { return nil }
        let attributes = TagAttributes(head[open.upperBound..<end])
        let width = attributes["width"].flatMap(pixels), height = attributes["height"].flatMap(pixels)
        let box = attributes["viewbox"].flatMap(viewBox)
        switch (width, height, box) {
        case let (width?, height?, _):
            return ImageSize(width: width, height: height)
        case let (width?, nil, box?):
            return box.height(forWidth: width).flatMap { ImageSize(width: width, height: $0) }
        case let (nil, height?, box?):
            return box.width(forHeight: height).flatMap { ImageSize(width: $0, height: height) }
        case let (_, _, box?):
            return box
        default:
            return nil
        }
    }

    /// A length in pixels, rounded; nil for a percentage or any other unit.
    private static func pixels(_ text: String) -> Int? {
        var number = text.trimmingCharacters(in: .whitespaces)
        if number.hasSuffix("px") { number.removeLast(2) }
        guard let value = Double(number), value.isFinite, value > 0, value < 1_000_000 else { return nil }
        return Int(value.rounded())
    }

    /// The width and height of `min-x min-y width height`, by commas or spaces.
    private static func viewBox(_ text: String) -> ImageSize? {
        let numbers = text.split { $0 == "," || $0.isWhitespace }.compactMap { Double($0) }
        guard numbers.count == 4, (0..<1_000_000).contains(numbers[2]), (0..<1_000_000).contains(numbers[3]) else { return nil }
        return ImageSize(width: Int(numbers[2].rounded()), height: Int(numbers[3].rounded()))
    }
}

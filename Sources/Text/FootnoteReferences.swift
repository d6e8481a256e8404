import Foundation

/// The footnote markers of a post, which point nowhere once only its excerpt is shown.
package enum FootnoteReferences {
    /// Removes footnote references, whose targets are not on a page that shows only an excerpt.
    package static func removed(from html: String) -> String {
        let open = Array("<sup class=\"footnote-ref\">".utf8), close = Array("</sup>".utf8)
        var html = html
        let result = html.withUTF8 { bytes -> String? in
            guard var start = UTF8Search.offset(of: open, in: bytes) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var copied = 0
            while true {
                guard let end = UTF8Search.offset(of: close, in: bytes, from: start + open.count) else { break }
                output += bytes[copied..<start]
                copied = end + close.count
                guard let next = UTF8Search.offset(of: open, in: bytes, from: copied) else { break }
                start = next
            }
            output += bytes[copied...]
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }
}

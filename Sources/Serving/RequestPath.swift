/// The site file a request names, worked out once from the raw request target: split into
/// folders first, then each part percent-decoded, so an encoded slash can never join two parts
/// and no part can climb out of the site.
package struct RequestPath: Sendable, Equatable, CustomStringConvertible {
    /// The decoded parts, without empty ones at either end: `/2024/01/hello/` gives
    /// `["2024", "01", "hello"]`, and `/` gives none.
    package let parts: [String]
    /// Whether the request ended with a slash, asking for a folder's index page.
    package let namesFolder: Bool

    /// The path of a request target such as `/2024/01/hello/?x=1`, or nil when it cannot name
    /// a file of the site: not starting with `/`, an empty, `.` or `..` part, an encoded `/` or
    /// `\`, a control character, bytes that are not UTF-8 once decoded, or a `#` (a fragment
    /// is never sent; the server's own reading of the path would not cut it off).
    package init?(target: String) {
        var path = Substring(target)
        if let end = path.firstIndex(of: "?") { path = path[..<end] }
        guard !path.contains("#") else { return nil }
        guard path.first == "/" else { return nil }
        path = path.dropFirst()
        namesFolder = path.isEmpty || path.last == "/"
        if path.last == "/" { path = path.dropLast() }
        var parts: [String] = []
        if !path.isEmpty {
            for raw in path.split(separator: "/", omittingEmptySubsequences: false) {
                guard let part = Self.decode(raw), Self.isSafe(part) else { return nil }
                parts.append(part)
            }
        }
        self.parts = parts
    }

    /// The key of the file in the site's output: `2024/01/hello/index.html` for a folder.
    package var fileKey: String {
        let joined = parts.joined(separator: "/")
        guard namesFolder else { return joined }
        return joined.isEmpty ? "index.html" : joined + "/index.html"
    }

    /// The folder an old `.html` address stands for (`2015/10/19/hello` for
    /// `/2015/10/19/hello.html`), which both servers send such an address to when it holds an
    /// index page; nil for any other path.
    package var folderOfHTMLPage: [String]? {
        guard !namesFolder, let last = parts.last, last.hasSuffix(".html"), last.count > 5 else { return nil }
        return Array(parts.dropLast()) + [String(last.dropLast(5))]
    }

    /// The decoded path, with a slash at the start and, for a folder, at the end.
    package var description: String {
        "/" + parts.joined(separator: "/") + (namesFolder && !parts.isEmpty ? "/" : "")
    }

    private static func isSafe(_ part: String) -> Bool {
        guard !part.isEmpty, part != ".", part != ".." else { return false }
        return !part.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Percent-decodes one part; nil for a broken escape or bytes that are not UTF-8.
    private static func decode(_ raw: Substring) -> String? {
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

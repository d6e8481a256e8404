/// Names within a path relative to a tree's root (`posts/2019-10-08-hello/index.md`) or an
/// output folder's (`2019/10/08/hello/index.html`): always `/`-separated, whatever the system.
///
/// Over UTF-8 bytes: a big blog's ten thousand posts and pages ask each build, and
/// Character-by-Character work costs microseconds a call.
enum RelativePath {
    private static let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")

    /// The last name in `path`, trailing slashes ignored.
    static func lastComponent(of path: String) -> String {
        var bytes = path.utf8[...]
        while bytes.last == slash { bytes = bytes.dropLast() }
        if let index = bytes.lastIndex(of: slash) { bytes = bytes[bytes.index(after: index)...] }
        return String(Substring(bytes))
    }

    /// The file name without its extension.
    static func name(of path: String) -> String {
        let file = lastComponent(of: path)
        let bytes = file.utf8
        guard let index = bytes.lastIndex(of: dot), index != bytes.startIndex else { return file }
        return String(Substring(bytes[..<index]))
    }

    /// The folder `path` is in; empty at the top.
    static func folder(of path: String) -> String {
        let bytes = path.utf8
        guard let index = bytes.lastIndex(of: slash) else { return "" }
        return String(Substring(bytes[..<index]))
    }
}

/// A path below some root folder, checked name by name before it can be joined to one: never
/// absolute, never empty, no `.` or `..`, no empty name (`a//b`), no NUL. Output files (posts,
/// pages, aliases, static and post-folder files) and the entries of a git tree are all turned into
/// one of these before anything reaches the file system, so a hostile blog or pushed branch cannot
/// name a place outside the folder being built.
///
/// Always `/`-separated, whatever the system (`2019/10/08/hello/index.html`).
package struct RelativePath: Hashable, Sendable, CustomStringConvertible {
    /// The checked path.
    package let string: String

    /// `path` once every name in it is checked, or the reason it cannot name a file below a root.
    package init(validating path: String) throws(RelativePath.Problem) {
        if let problem = Self.problem(with: path) { throw problem }
        string = path
    }

    /// `path` if it is a valid relative path, else nil.
    package init?(_ path: String) {
        guard Self.problem(with: path) == nil else { return nil }
        string = path
    }

    /// The checked path.
    package var description: String { string }

    /// Why `path` cannot be a relative path, or nil when it can. Without `allowingControls`, a
    /// control character (U+0001 to U+001F, U+007F) is a problem too: an address must not hold one.
    package static func problem(with path: String, allowingControls: Bool = true) -> Problem? {
        // Over the string's own bytes: its view's iterator cost a build 1,500 instructions for
        // each of its 11,000 output paths.
        var path = path
        return path.withUTF8 { problem(in: $0, allowingControls: allowingControls) }
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>, allowingControls: Bool) -> Problem? {
        guard !bytes.isEmpty else { return .empty }
        guard bytes.first != slash else { return .absolute }
        guard bytes.count <= maximumPathLength else { return .pathTooLong }
        var nameLength = 0, dots = 0
        for byte in bytes {
            if byte == slash {
                if let problem = check(length: nameLength, dots: dots) { return problem }
                nameLength = 0
                dots = 0
                continue
            }
            if byte == 0 { return .nul }
            if !allowingControls, byte < 0x20 || byte == 0x7F { return .control }
            nameLength += 1
            if byte == dot { dots += 1 }
            if nameLength > maximumNameLength { return .tooLong }
        }
        return check(length: nameLength, dots: dots)
    }

    private static func check(length: Int, dots: Int) -> Problem? {
        if length == 0 { return .emptyName }
        if length == dots, length <= 2 { return .dotName }
        return nil
    }

    /// The longest path Galley names a file by, in bytes: Linux takes 4,095 in one call
    /// (PATH_MAX), and a file is written beside its final name first (`NAME.galley-tmp`).
    package static let maximumPathLength = 4000

    /// The longest name most Linux file systems take (NAME_MAX), in bytes.
    package static let maximumNameLength = 255

    /// What is wrong with a path that cannot be a ``RelativePath``.
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case empty, absolute, emptyName, dotName, nul, control, tooLong, pathTooLong

        /// What is wrong, worded to follow the path in a message ("'a//b' has an empty name in it").
        package var description: String {
            switch self {
            case .empty: "is empty"
            case .absolute: "starts with '/'"
            case .emptyName: "has an empty name in it ('//', or a name that came out empty)"
            case .dotName: "has a '.' or '..' in it, which would step out of its folder"
            case .nul: "has a NUL character in it"
            case .control: "has a control character in it"
            case .tooLong: "has a name longer than \(RelativePath.maximumNameLength) bytes, more than file systems take"
            case .pathTooLong: "is longer than \(RelativePath.maximumPathLength) bytes, more than file systems take in one path"
            }
        }
    }

    private static let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")

    /// The last name in `path`, trailing slashes ignored.
    package static func lastComponent(of path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            let (start, end) = lastComponentBounds(in: bytes)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The file name without its extension.
    package static func name(of path: String) -> String {
        // Over the contiguous bytes (String's own views check each index): every post's file
        // name, every build.
        var path = path
        return path.withUTF8 { bytes in
            let (start, end) = lastComponentBounds(in: bytes)
            // The last dot but a leading one, which is part of the name (`.hidden`).
            var stop = end, index = end
            while index > start + 1 {
                index -= 1
                if bytes[index] == dot {
                    stop = index
                    break
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
        }
    }

    /// Where the last name in `bytes` starts and ends, trailing slashes ignored: each beside a
    /// slash or an end, so on a character's edge.
    private static func lastComponentBounds(in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        return (start, end)
    }

    /// The folder `path` is in; empty at the top.
    package static func folder(of path: String) -> String {
        let bytes = path.utf8
        guard let index = bytes.lastIndex(of: slash) else { return "" }
        return String(Substring(bytes[..<index]))
    }
}

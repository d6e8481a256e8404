/// The one range of bytes a `Range` header asks for, settled against the file's length.
///
/// Only a single range is served, which is what audio and video players ask for; a header
/// with several ranges is answered with the whole file, as RFC 9110 allows.
package struct ByteRange: Sendable, Equatable {
    /// The first and last byte, both included.
    package let first: Int, last: Int

    package var count: Int { last - first + 1 }

    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// What a `Range` header asks of a file of `length` bytes.
    package enum Request: Sendable, Equatable {
        /// No usable range: send the whole file.
        case whole
        /// Send these bytes, as 206 Partial Content.
        case part(ByteRange)
        /// The range lies past the end: 416, with the length.
        case unsatisfiable
    }

    /// Reads a header such as `bytes=0-1023`, `bytes=500-` or `bytes=-500`.
    package static func request(_ header: String?, length: Int) -> Request {
        guard let header else { return .whole }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .whole }
        let spec = trimmed.dropFirst("bytes=".count).trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash].trimmingSpaces, end = spec[spec.index(after: dash)...].trimmingSpaces
        guard start.allSatisfy(\.isASCIIDigit), end.allSatisfy(\.isASCIIDigit), !(start.isEmpty && end.isEmpty) else { return .whole }
        if start.isEmpty {
            // The last n bytes.
            // More digits than an Int holds ask for more than any file has: all of it.
            let suffix = Int(end) ?? .max
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(ByteRange(first: max(0, length - suffix), last: length - 1))
        }
        guard let first = Int(start) else { return .unsatisfiable }
        guard first < length else { return .unsatisfiable }
        let last = end.isEmpty ? length - 1 : min(Int(end) ?? (length - 1), length - 1)
        guard last >= first else { return .whole }
        return .part(ByteRange(first: first, last: last))
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

import Diagnostics
import Foundation
import SiteSource

// Source trees know nothing of diagnostics; the compiler reports its reads as its own.
extension SourceTree {
    /// The file at `path` decoded as UTF-8, or a diagnostic naming the file.
    package func text(of path: String) throws(Diagnostic) -> String {
        let data: Data
        do {
            data = try contents(of: path)
        } catch {
            throw Diagnostic(path: path, message: "cannot read file: \(SourceTreeError.describe(error))")
        }
        return try SourceText.decode(data, path: path)
    }
}

/// How source files become text.
package enum SourceText {
    /// `data` as UTF-8 text without a byte-order mark, or a diagnostic naming the file.
    static func decode(_ data: Data, path: String) throws(Diagnostic) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw notUTF8(Array(data), path: path)
        }
        // A byte-order mark would otherwise hide the opening `---` of the front matter.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Where `bytes` stop being UTF-8, said at its line and column: a file saved in another
    /// encoding (Latin-1, Windows-1252) is most often right but for one accented letter.
    static func notUTF8(_ bytes: [UInt8], path: String) -> Diagnostic {
        let offset = firstInvalidByte(in: bytes) ?? 0
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].count { $0 == 0x0A } + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        return Diagnostic(path: path, line: line, column: column, message:
            "file is not valid UTF-8 text: the byte 0x\(byte) here is not UTF-8 (was it saved as Latin-1 or Windows-1252?); save the file as UTF-8")
    }

    /// The offset of the first byte that starts no valid UTF-8 sequence; nil for valid text.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF
            let length: Int
            switch first {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, lowest) = (3, 0xA0)
            case 0xED: (length, highest) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, lowest) = (4, 0x90)
            case 0xF4: (length, highest) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for next in 1..<length {
                let byte = bytes[index + next]
                let range: ClosedRange<UInt8> = next == 1 ? lowest...highest : 0x80...0xBF
                guard range.contains(byte) else { return index }
            }
            index += length
        }
        return nil
    }
}

extension SourceTreeError {
    /// The diagnostics for `error`, met while listing `folder`: each link out of the blog is
    /// named itself, anything else is about the folder.
    package static func diagnostics(for error: Error, listing folder: String) -> [Diagnostic] {
        switch error as? SourceTreeError {
        case .linkOutside(let path)?:
            return [Diagnostic(path: path, message: outsideReason)]
        case .linksOutside(let paths)?:
            return paths.map { Diagnostic(path: $0, message: outsideReason) }
        case .unreadable(let path, let reason)? where path != folder:
            // Something inside the folder: said at its own path.
            return [Diagnostic(path: path, message: reason)]
        default:
            break
        }
        return [Diagnostic(path: folder, message: "cannot list folder: \(error)")]
    }
}

import Foundation

/// Quoting for POSIX shells.
enum Shell {
    /// `text` as one shell word.
    static func quote(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@,+".contains($0)) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

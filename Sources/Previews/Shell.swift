import Foundation

/// Quoting for POSIX shells.
enum Shell {
    /// `text` as one shell word.
    static func quote(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@,+".contains($0)) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one word of rsync's `-e` command, which rsync splits itself: in single quotes,
    /// a single quote is written twice (a shell's `'\''` would not do).
    static func rsyncQuote(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@,+%".contains($0)) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

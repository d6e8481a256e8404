import Digests
import Foundation

/// The DNS label a branch's preview is served under: `post/nanoc-on-ipad` becomes
/// `post-nanoc-on-ipad`, so the preview lives at `https://post-nanoc-on-ipad.previews.example.com/`.
///
/// Labels hold lowercase ASCII letters, digits and single hyphens, never start or end with a
/// hyphen, and are at most 63 characters (RFC 1035). The same branch always gets the same label.
package enum PreviewLabel {
    /// The longest label DNS allows.
    package static let maximumLength = 63

    /// Whether `text` is one DNS label as preview labels (and per-release addresses) are: 1 to
    /// 63 lowercase letters, digits and inner hyphens.
    package static func isLabel(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...maximumLength).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// The label for `branch`, before any clash with another branch is considered.
    package static func make(for branch: String) -> String {
        // Accents come off first so `héllo` keeps its letters.
        let folded = branch.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
        var label = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let lower = scalar.properties.isUppercase && scalar.isASCII ? Unicode.Scalar(scalar.value + 32)! : scalar
            if (lower >= "a" && lower <= "z") || (lower >= "0" && lower <= "9") {
                if pendingHyphen && !label.isEmpty { label.append("-") }
                pendingHyphen = false
                label.unicodeScalars.append(lower)
            } else {
                pendingHyphen = true
            }
        }
        if label.isEmpty { return "branch-" + hash(branch) }
        if label.count > maximumLength { return shortened(label, suffix: hash(branch)) }
        return label
    }

    /// The label for `branch` when `label` already belongs to another branch: the label with a
    /// hash of the branch name added, still within 63 characters.
    package static func disambiguated(_ label: String, for branch: String) -> String {
        shortened(label, suffix: hash("another owner of " + label + ": " + branch, length: 12), always: true)
    }

    /// `label` cut so that `-suffix` fits, without a hyphen at the cut.
    private static func shortened(_ label: String, suffix: String, always: Bool = false) -> String {
        let room = maximumLength - suffix.count - 1
        var kept = String(label.prefix(room))
        while kept.hasSuffix("-") { kept.removeLast() }
        return kept.isEmpty ? "branch-" + suffix : kept + "-" + suffix
    }

    /// The first `length` hexadecimal digits of the SHA-256 of `text`.
    static func hash(_ text: String, length: Int = 8) -> String {
        let digest = SHA256.hash(data: Data(text.utf8))
        return String(digest.map { String(format: "%02x", $0) }.joined().prefix(length))
    }
}

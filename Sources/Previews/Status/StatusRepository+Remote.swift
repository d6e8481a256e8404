import Foundation

extension StatusRepository {
    /// The repository a git remote's URL points at (`https://host/owner/name.git`,
    /// `git@host:owner/name.git`, `ssh://git@host:22/owner/name`); nil when the URL names no
    /// repository on a forge (a local path, say).
    package init?(remoteURL: String, for forge: Forge) {
        var text = remoteURL.trimmingCharacters(in: .whitespaces)
        if let scheme = text.range(of: "://") {
            // scheme://[user@]host[:port]/path
            let rest = text[scheme.upperBound...]
            guard ["https", "http", "ssh", "git"].contains(text[..<scheme.lowerBound].lowercased()),
                  let slash = rest.firstIndex(of: "/") else { return nil }
            text = String(rest[rest.index(after: slash)...])
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            // scp-like: [user@]host:path
            text = String(text[text.index(after: colon)...])
        } else {
            return nil
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        while text.hasPrefix("/") { text.removeFirst() }
        guard let repository = try? StatusRepository(text, for: forge) else { return nil }
        self = repository
    }
}

/// Which `Host` a request may name: a page on the web that points its own name at 127.0.0.1
/// (DNS rebinding) would otherwise read the blog, drafts and all, through the reader's browser.
/// Loopback names, IP addresses and the address the server listens on are answered.
struct HostCheck: Sendable {
    /// The address given to `--bind`.
    let bound: String

    func allows(_ authority: String) -> Bool {
        let host = Self.hostPart(of: authority).lowercased()
        if host.isEmpty || host == bound.lowercased() || host == "localhost" || host.hasSuffix(".localhost") { return true }
        // An IPv6 address comes in brackets; an IPv4 address is four numbers.
        if host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part).map { $0 <= 255 } ?? false)
        }
    }

    /// `example.com` of `example.com:8000`, `[::1]` of `[::1]:8000`.
    static func hostPart(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") { return String(authority[...end]) }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}

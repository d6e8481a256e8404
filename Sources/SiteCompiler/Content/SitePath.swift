/// Checks paths that come from front matter before they are used to name output files.
enum SitePath {
    /// Why `path` cannot be a site path, or nil when it is fine.
    static func problem(with path: String) -> String? {
        guard path.hasPrefix("/") else { return "must start with '/'" }
        guard !path.hasPrefix("//") else { return "must be a path on this site, not another host" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return "must not contain control characters or backslashes"
        }
        if path.contains("?") || path.contains("#") { return "must not contain '?' or '#'" }
        let segments = path.split(separator: "/")
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return "must not contain '.' or '..' segments" }
        return nil
    }
}

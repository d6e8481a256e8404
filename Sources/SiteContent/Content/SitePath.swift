/// Checks paths that come from front matter before they are used to name output files.
package enum SitePath {
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

    /// The site path a document's own address (`permalink`, `url` or `path` in its front
    /// matter) publishes it at, or why it cannot be one: checked as aliases are, and with no
    /// `%` (a server would decode `%2e%2e` to `..`) or empty folder name. A missing leading `/`
    /// is added, as Zola's `path` is written without it; an address ending neither in `/` nor
    /// in `.html` is a folder, `/about` being `/about/`.
    static func ownAddress(_ raw: String) -> Result<String, AddressProblem> {
        guard !raw.isEmpty else { return .failure(AddressProblem("must not be empty")) }
        var path = raw.hasPrefix("/") ? raw : "/" + raw
        if let problem = problem(with: path) { return .failure(AddressProblem(problem)) }
        if path.contains("%") { return .failure(AddressProblem("must not contain '%': write the characters themselves")) }
        if path.contains("//") { return .failure(AddressProblem("must not contain an empty folder name ('//')")) }
        let lowered = path.suffix(5).lowercased()
        if !path.hasSuffix("/") && !lowered.hasSuffix(".html") && !lowered.hasSuffix(".htm") { path += "/" }
        return .success(path)
    }

    /// The site path of an alias. One with a leading `/` is taken as written; one without is
    /// taken from `folder` (`/`, or the folder a page's address is in), its `.` and `..`
    /// followed but never above the site's root.
    static func alias(_ raw: String, besideFolder folder: String) -> Result<String, AddressProblem> {
        guard !raw.hasPrefix("/") else { return problem(with: raw).map { .failure(AddressProblem($0)) } ?? .success(raw) }
        var names = folder.split(separator: "/").map(String.init)
        for name in raw.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            switch name {
            case ".", "": continue
            case "..":
                guard names.popLast() != nil else { return .failure(AddressProblem("climbs above the site's root")) }
            default: names.append(name)
            }
        }
        let path = "/" + names.joined(separator: "/") + (raw.hasSuffix("/") && !names.isEmpty ? "/" : "")
        return problem(with: path).map { .failure(AddressProblem($0)) } ?? .success(path)
    }

    /// The folder a site path is in: `/posts/` for `/posts/new/` and for `/posts/new.html`.
    static func folder(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? path.dropLast() : path[...]
        guard let slash = trimmed.lastIndex(of: "/") else { return "/" }
        return String(trimmed[...slash])
    }

    /// Why an address cannot be used, to follow its key and value in a message.
    struct AddressProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

import Foundation

/// A link in a built site that points inside the site and leads nowhere.
struct BrokenLink: CustomStringConvertible, Sendable {
    enum Problem: String, Sendable {
        case noSuchFile = "no such file"
        case noSuchID = "no such id in the page"
        case outsideTheBlog = "outside the blog's folder on its host"
        case notAbsolute = "not absolute, in a feed or sitemap"
    }

    /// Where the link stands: `page:line <a href>`, or a feed and its entry.
    var from: String
    /// The address as written.
    var address: String
    /// What it points at, from the site's root (the base URL's folder): `/docs/history/`. For an
    /// address outside the blog's folder, its path from the host's root.
    var path: String
    var problem: Problem

    var description: String { "\(from): \(address) (\(path)): \(problem.rawValue)" }
}

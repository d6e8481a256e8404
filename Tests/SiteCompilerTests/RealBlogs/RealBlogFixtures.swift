import Foundation

// galleyTests and SiteImportTests read this same file through symbolic links: test targets
// cannot share code.

/// Where the real blogs are, when they are: `GALLEY_REAL_FIXTURES`, or `shared/fixtures/real/`
/// beside the repository or beside any folder above it (a CI checkout may sit deeper).
enum RealBlogFixtures {
    static let folder: URL? = {
        func holdsFixtures(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appending(path: "jekyll-docs/galley.yml").path)
        }
        if let given = ProcessInfo.processInfo.environment["GALLEY_REAL_FIXTURES"] {
            return holdsFixtures(URL(filePath: given)) ? URL(filePath: given) : nil
        }
        var folder = URL(filePath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appending(path: "shared/fixtures/real")
            if holdsFixtures(candidate) { return candidate }
        }
        return nil
    }()
}

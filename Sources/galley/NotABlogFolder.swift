import Failures
import Foundation
import SiteCompiler
import SiteContent

/// A folder given as a blog that is none: missing, or without a `galley.yml`. Every command
/// that reads a blog folder checks it first, so that each says so the same way, with the same
/// exit status (``ArgumentParser/ExitCode/notABlog``), before it does anything else.
struct NotABlogFolder: Error, CustomStringConvertible {
    /// The folder as the user named it, or its `galley.yml`.
    var path: String
    var problem: String

    /// Throws unless `site` is a folder with a `galley.yml` file in it (or, without
    /// `settings`, a folder at all).
    static func check(_ site: String, settings: Bool = true) throws(NotABlogFolder) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site, isDirectory: &isFolder) else {
            throw NotABlogFolder(path: site, problem: "no such folder")
        }
        guard isFolder.boolValue else {
            throw NotABlogFolder(path: site, problem: "is a file, not a blog folder (the folder that holds galley.yml)")
        }
        guard settings else { return }
        let config = URL(fileURLWithPath: site).appending(path: SiteConfig.fileName).path
        // Shown as the user wrote the folder (`blog/galley.yml`), as build errors name files.
        let shown = site == "." ? SiteConfig.fileName : (site.hasSuffix("/") ? site : site + "/") + SiteConfig.fileName
        guard FileManager.default.fileExists(atPath: config, isDirectory: &isFolder), !isFolder.boolValue else {
            throw NotABlogFolder(path: shown, problem: SiteConfig.missingFile.message)
        }
    }
}

extension NotABlogFolder: GalleyError {
    var place: ErrorPlace? { ErrorPlace(path) }
    var message: String { problem }
    var category: FailureCategory { .notABlog }
}

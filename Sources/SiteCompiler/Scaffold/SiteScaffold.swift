import Diagnostics
import Failures
import FileSystem
import Foundation
import SiteContent

/// A new blog folder that builds at once, as `galley new site` writes it: a commented
/// `galley.yml`, a first post, an about page, an image in `static/`, and a `.gitignore` for
/// what builds leave in the folder.
///
/// ```swift
/// let scaffold = SiteScaffold(title: "Field Notes", timeZone: .current)
/// try scaffold.write(to: "field-notes")
/// ```
package struct SiteScaffold: Sendable {
    /// The blog's name.
    package var title: String
    /// Where the blog will be published; nil leaves `base_url` out, which a local build does
    /// without.
    package var baseURL: URL?
    /// The blog's timezone: the first post is dated today there.
    package var timeZone: TimeZone
    /// The moment the first post is dated.
    package var now: Date

    /// A scaffold for a blog called `title`. A `timeZone` that is no IANA name (`GMT+1`) is UTC.
    package init(title: String, baseURL: URL? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!, now: Date = Date()) {
        self.title = title
        self.baseURL = baseURL
        // Foundation calls UTC "GMT", which galley.yml would show as a zone of its own.
        let named = timeZone.identifier != "GMT" && TimeZone.knownTimeZoneIdentifiers.contains(timeZone.identifier)
        self.timeZone = named ? timeZone : TimeZone(identifier: "UTC")!
        self.now = now
    }

    /// Every file of the new blog, by its path in the folder.
    package var files: [(path: String, text: String)] {
        let starter = StarterFiles(title: title, baseURL: baseURL, timeZone: timeZone, now: now)
        return [
            (SiteConfig.fileName, starter.settings),
            (starter.firstPostPath, starter.firstPost),
            ("pages/about.md", starter.aboutPage),
            (StarterFiles.imagePath, StarterFiles.image),
            (".gitignore", StarterFiles.gitignore),
        ]
    }

    /// Writes the blog into `destination`, which must be missing or an empty folder (a link is
    /// refused, never followed); folders missing on the way to it are made. Nothing is left
    /// behind when it fails.
    package func write(to destination: String) throws(ScaffoldError) {
        let files = self.files
        do throws(NewFolderError<FileSystemError>) {
            let folder: NewFolder
            do {
                folder = try NewFolder(destination, for: "galley new site", makingParents: true)
            } catch {
                throw .fileSystem(error)
            }
            try folder.fill { (folder) throws(FileSystemError) in
                for (path, text) in files {
                    var parent = RelativePath.folder(of: path)
                    var missing: [String] = []
                    while !parent.isEmpty, folder.kind(of: parent) == 0 {
                        missing.append(parent)
                        parent = RelativePath.folder(of: parent)
                    }
                    for name in missing.reversed() { try folder.makeFolder(name) }
                    _ = try folder.write(Array(text.utf8), to: path)
                }
            }
        } catch {
            switch error {
            case .fileSystem(let problem), .filling(let problem): throw ScaffoldError(problem)
            }
        }
    }
}

/// Why `galley new` wrote nothing, with what to do about it: each problem at its file (and
/// line, for a galley.yml that does not read).
package struct ScaffoldError: Error, Sendable, CustomStringConvertible {
    /// The problems, each at the file or folder it is about.
    package var diagnostics: [Diagnostic]
    /// What kind of problem it is, for the command's exit status.
    package var kind: Kind = .fileInTheWay

    /// Kinds of problem a scaffold meets.
    package enum Kind: Sendable {
        /// A file or folder is in the way, or cannot be written.
        case fileInTheWay
        /// What was asked is not right: a post without a title, a date that is none.
        case badRequest
        /// The folder a post goes in is not a blog folder.
        case notABlog
        /// The blog's galley.yml has errors.
        case blogHasErrors
    }

    /// An error made of `diagnostics`.
    package init(_ diagnostics: [Diagnostic], kind: Kind = .fileInTheWay) {
        self.diagnostics = diagnostics
        self.kind = kind
    }

    init(path: String, message: String, kind: Kind = .fileInTheWay) { self.init([Diagnostic(path: path, message: message)], kind: kind) }

    init(_ error: FileSystemError) { self.init(path: error.path, message: error.message) }

    /// One problem a line, as `PATH:LINE: message`.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension ScaffoldError: DiagnosedError {
    package var category: FailureCategory {
        switch kind {
        case .fileInTheWay: .fileOrPort
        case .badRequest: .usage
        case .notABlog: .notABlog
        case .blogHasErrors: .blogHasErrors
        }
    }
}

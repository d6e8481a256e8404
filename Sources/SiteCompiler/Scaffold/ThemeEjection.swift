import Diagnostics
import FileSystem
import Foundation
import Layouts
import Text

/// The default theme's layouts, and its stylesheet, copied into a blog's own `layouts/` and
/// `static/` to be edited there, as `galley theme eject` writes them. A copy takes the place of
/// the built-in file (``Theme/load(from:)``, and a static file replaces a theme's asset), so a
/// blog that ejects and edits nothing builds the same pages.
///
/// The favicons and the `strings/` files stay in the theme: a blog replaces a favicon by putting
/// its own in `static/`, and changes a word with galley.yml's `strings:`; a copy of either would
/// only stop the blog getting the theme's later fixes and translations.
///
/// ```swift
/// let outcome = try ThemeEjection(names: ["post"]).write(into: "blog")
/// // outcome.written == ["layouts/post.mustache"]
/// ```
package struct ThemeEjection: Sendable {
    /// One file of the theme: the name a user gives for it, its path in the blog, its bytes.
    package struct File: Sendable, Equatable {
        /// `post` for a layout, `style.css` for the stylesheet.
        package let name: String
        /// Where it goes in the blog: `layouts/post.mustache`, `static/style.css`.
        package let path: String
        let bytes: [UInt8]
    }

    /// What a write did: the files it wrote, and the ones already there that it kept.
    package struct Outcome: Sendable, Equatable {
        package var written: [String] = []
        package var kept: [String] = []
    }

    /// The stylesheet's name, as a user asks for it.
    package static let stylesheet = "style.css"

    /// Every file the theme can eject, layouts by name and then the stylesheet.
    package static var all: [File] {
        var files: [File] = []
        for (path, encoded) in DefaultThemeFiles.base64.sorted(by: { $0.key < $1.key }) {
            guard let data = Data(base64Encoded: encoded) else { continue }
            if path.hasSuffix(".mustache") {
                files.append(File(name: String(path.dropLast(".mustache".count)), path: Theme.folder + "/" + path, bytes: Array(data)))
            } else if path == "static/" + stylesheet {
                files.append(File(name: stylesheet, path: path, bytes: Array(data)))
            }
        }
        return files.sorted { ($0.name == stylesheet ? 1 : 0, $0.name) < ($1.name == stylesheet ? 1 : 0, $1.name) }
    }

    /// The files to write.
    package let files: [File]

    /// The files named by `names` (`post`, `post.mustache`, `layouts/post.mustache`,
    /// `style.css`), or all of them when `names` is empty. Every unknown name is an error, with
    /// the nearest known one when there is one.
    package init(names: [String]) throws(ScaffoldError) {
        let all = Self.all
        guard !names.isEmpty else {
            files = all
            return
        }
        var chosen: [File] = [], problems: [Diagnostic] = []
        for typed in names {
            let name = Self.normalised(typed)
            if let file = all.first(where: { $0.name == name }) {
                if !chosen.contains(file) { chosen.append(file) }
                continue
            }
            let meant = EditDistance.suggestion(for: name, among: all.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
            problems.append(Diagnostic(path: typed, message:
                "is not a file of the default theme (\(meant)the theme has \(all.map(\.name).joined(separator: ", ")))"))
        }
        guard problems.isEmpty else { throw ScaffoldError(problems, kind: .badRequest) }
        files = chosen
    }

    /// `name` as the theme names its files: without `layouts/`, `static/` or `.mustache`.
    private static func normalised(_ name: String) -> String {
        var name = Substring(name)
        for prefix in [Theme.folder + "/", "static/"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        if name.hasSuffix(".mustache") { name = name.dropLast(".mustache".count) }
        return String(name)
    }

    /// Writes the files into the blog folder `site`, keeping every file already there (an edited
    /// layout is never lost). A symbolic link or a folder where a file or its folder goes is
    /// refused before anything is written: a link could send the write anywhere.
    package func write(into site: String) throws(ScaffoldError) -> Outcome {
        let blog: ContainedFolder
        do {
            blog = try ContainedFolder(opening: site, followingLink: true)
        } catch {
            throw ScaffoldError(error)
        }
        func shown(_ path: String) -> String {
            site == "." || site.isEmpty ? path : site.hasSuffix("/") ? site + path : site + "/" + path
        }
        var problems: [Diagnostic] = []
        var folders: [String] = []
        for file in files {
            var folder = RelativePath.folder(of: file.path)
            var missing: [String] = []
            while !folder.isEmpty {
                missing.append(folder)
                folder = RelativePath.folder(of: folder)
            }
            for folder in missing.reversed() where !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            switch blog.kind(of: folder) {
            case 0, S_IFDIR: continue
            case S_IFLNK: problems.append(Diagnostic(path: shown(folder), message: "is a symbolic link; galley theme eject writes only into real folders, so nothing was written"))
            default: problems.append(Diagnostic(path: shown(folder), message: "is not a folder; nothing was written"))
            }
        }
        for file in files {
            switch blog.kind(of: file.path) {
            case 0, S_IFREG: continue
            case S_IFLNK: problems.append(Diagnostic(path: shown(file.path), message: "is a symbolic link; galley theme eject never writes through one, so nothing was written (remove it to eject this file)"))
            default: problems.append(Diagnostic(path: shown(file.path), message: "is not a file; nothing was written"))
            }
        }
        guard problems.isEmpty else { throw ScaffoldError(problems) }
        var outcome = Outcome()
        do throws(FileSystemError) {
            for folder in folders { try blog.makeFolder(folder) }
            for file in files {
                // O_EXCL: a file made since the check above is kept too, and a link is not followed.
                let descriptor = blog.open(file.path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
                guard descriptor >= 0 else {
                    if errno == EEXIST, blog.kind(of: file.path) == S_IFREG {
                        outcome.kept.append(file.path)
                        continue
                    }
                    throw blog.failure(file.path, errno, "cannot write")
                }
                defer { close(descriptor) }
                try FileBytes.write(file.bytes, to: descriptor, path: shown(file.path))
                outcome.written.append(file.path)
            }
        } catch {
            throw ScaffoldError(error)
        }
        return outcome
    }
}

import Diagnostics
import FileSystem
import Foundation
import Text

/// Every file a build produces, by output path (`2019/10/08/hello/index.html`), and what claimed it.
///
/// The one place that decides where a file may go: every path is checked as a ``RelativePath``
/// on the way in, so no file of the tree can name a place outside the output folder.
package struct OutputTree: Sendable {
    /// What an output file holds.
    package enum Content: Sendable {
        case text(String)
        case data(Data)
        /// A file of the source tree copied as it is, read only when written.
        case source(String)
        /// A page rendered through a layout by the closure, at most once a build: the build
        /// hands it to a ``Publisher`` as soon as it is made, or keeps the last build's file
        /// when nothing it is made from has changed.
        case page(@Sendable () -> String)
    }

    /// One output file.
    package struct File: Sendable {
        package var content: Content
        /// The source file or generator that made it, for messages about clashes.
        package var origin: String
        /// The line of `origin` that asked for it, such as an alias's line.
        package var line: Int?
        /// Whether Galley makes it (a list page, a feed), `origin` then being a phrase rather
        /// than a file of the blog: a clash is said at the blog's file.
        package var generated = false

        /// The claimant as a clash message names it.
        var named: String { generated ? origin : origin + (line.map { ":\($0)" } ?? "") }
    }

    package private(set) var files: [String: File] = [:]
    /// Every folder the files are in.
    private(set) var folders: Set<String> = []
    /// The paths that are a file and also a folder of another file.
    private var clashingFolders: Set<String> = []

    /// Adds a file; a path already claimed, or one that is not a valid ``RelativePath``, is a
    /// diagnostic naming the source that asked for it.
    mutating func add(_ path: String, _ content: Content, origin: String, line: Int? = nil, generated: Bool = false) -> Diagnostic? {
        if let problem = RelativePath.problem(with: path, allowingControls: false) { return Self.diagnostic(path, problem, origin: origin, line: line) }
        if Self.isTemporaryName(path) { return Self.temporaryName(path, origin: origin, line: line) }
        let new = File(content: content, origin: origin, line: line, generated: generated)
        // One lookup for the usual case; a clash, which stops the build, puts the first claimant back.
        guard let existing = files.updateValue(new, forKey: path) else {
            noteFolders(of: path)
            return nil
        }
        files[path] = existing
        // Said at the blog's file, which is where it can be mended.
        if new.generated, !existing.generated {
            return Diagnostic(path: existing.origin, line: existing.line, message:
                "/\(path) is where Galley puts \(new.origin); give this one another address (two sources cannot share one)")
        }
        if existing.generated, !new.generated {
            return Diagnostic(path: origin, line: line, message:
                "/\(path) is where Galley puts \(existing.origin); give this one another address (two sources cannot share one)")
        }
        var clash = Diagnostic(path: origin, line: line, message: "/\(path) is also written by \(existing.named); two sources cannot share one address")
        clash.mentions = [existing.origin]
        return clash
    }

    /// Room for `count` files, and for the folders they are in: half as many again in a blog
    /// (a folder a post, its day's, month's and year's, a tag's), more than room for `count`
    /// would hold without making the set again halfway.
    mutating func reserveCapacity(_ count: Int) {
        files.reserveCapacity(count)
        folders.reserveCapacity(count * 2)
    }

    /// Adds a file, replacing one that is already there; a path that is not a valid
    /// ``RelativePath`` is a diagnostic instead.
    mutating func replace(_ path: String, _ content: Content, origin: String) -> Diagnostic? {
        if let problem = RelativePath.problem(with: path, allowingControls: false) { return Self.diagnostic(path, problem, origin: origin, line: nil) }
        if Self.isTemporaryName(path) { return Self.temporaryName(path, origin: origin, line: nil) }
        if files.updateValue(File(content: content, origin: origin, line: nil), forKey: path) == nil { noteFolders(of: path) }
        return nil
    }

    /// Adds the folders of a new file's path, and notes any path that is both a file and a
    /// folder. Each path's folders are added up to the first one already there, so a big
    /// site's folders are each looked at once, as files arrive, and the writer need not work
    /// them out again.
    private mutating func noteFolders(of path: String) {
        if folders.contains(path) { clashingFolders.insert(path) }
        var path = path
        // The bytes themselves, not the string's indices: a big site has a folder or two a file.
        path.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 {
                end -= 1
                guard bytes[end] == UInt8(ascii: "/") else { continue }
                let folder = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
                guard folders.insert(folder).inserted else { return }
                if files[folder] != nil { clashingFolders.insert(folder) }
            }
        }
    }

    /// A diagnostic for each file whose path another file needs as a folder (`/a` and
    /// `/a/index.html`): one of the two would silently replace the other.
    func folderClashes() -> [Diagnostic] {
        clashingFolders.sorted().map { folder in
            let file = files[folder]!
            let insidePaths = files.keys.filter { $0.hasPrefix(folder + "/") }
            // A file of the blog inside it is named first, and the clash said there when the
            // file at the folder's name is one Galley makes.
            let inside = insidePaths.filter { !files[$0]!.generated }.min() ?? insidePaths.min()
            if file.generated, let inside, let other = files[inside], !other.generated {
                return Diagnostic(path: other.origin, line: other.line, message:
                    "/\(inside), made from here, needs /\(folder) to be a folder, but Galley puts \(file.origin) there; give this one another address (two sources cannot share one)")
            }
            var clash = Diagnostic(path: file.origin, line: file.generated ? nil : file.line, message:
                "/\(folder) is a file here, but \(inside.map { "/\($0), made from \(files[$0]!.named)," } ?? "another file") needs it to be a folder; two sources cannot share one address")
            if let inside, let other = files[inside], !other.generated { clash.mentions = [other.origin] }
            return clash
        }
    }

    /// Adds the marker by which a later build knows the folder as Galley's own (see
    /// ``OutputWriter/marker``).
    mutating func addMarker() {
        if files.updateValue(File(content: .text(OutputWriter.markerText), origin: "Galley", line: nil, generated: true), forKey: OutputWriter.marker) == nil {
            noteFolders(of: OutputWriter.marker)
        }
    }

    /// Whether `path` ends as the names the writer gives a file while it writes it
    /// (`page.html.galley-tmp`), which it removes before each write: such a file of the blog's
    /// would go missing from the output whenever the file beside it changed.
    private static func isTemporaryName(_ path: String) -> Bool {
        path.utf8.count > 11 && path.utf8.reversed().starts(with: ".galley-tmp".utf8.reversed())
    }

    private static func temporaryName(_ path: String, origin: String, line: Int?) -> Diagnostic {
        Diagnostic(path: origin, line: line, message:
            "the output path '/\(PrintableText.of(path, keepingLines: false))' ends in .galley-tmp, the name Galley gives a file while it writes it: rename it")
    }

    private static func diagnostic(_ path: String, _ problem: RelativePath.Problem, origin: String, line: Int?) -> Diagnostic {
        let shown = PrintableText.of(path, keepingLines: false)
        return Diagnostic(path: origin, line: line, message:
            "the output path '/\(shown)' \(problem); it must name a file inside the site (check the permalink, slug, url or alias that made it)")
    }

    /// Whether a file is already claimed.
    func contains(_ path: String) -> Bool { files[path] != nil }
}

extension OutputTree {
    /// The tree with each page whose text is in `pages` holding that text.
    mutating func fill(with pages: [String: String]) {
        for (path, text) in pages where files[path] != nil {
            files[path]!.content = .text(text)
        }
    }
}

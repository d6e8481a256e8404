import Diagnostics
import Foundation
import SiteSource

// Source trees know nothing of diagnostics; the compiler reports its reads as its own.
extension SourceTree {
    /// The file at `path` decoded as UTF-8, or a diagnostic naming the file.
    package func text(of path: String) throws(Diagnostic) -> String {
        let data: Data
        do {
            data = try contents(of: path)
        } catch {
            throw Diagnostic(path: path, message: "cannot read file: \(SourceTreeError.describe(error))")
        }
        return try SourceText.decode(data, path: path)
    }
}

/// How source files become text.
package enum SourceText {
    /// `data` as UTF-8 text without a byte-order mark, or a diagnostic naming the file.
    static func decode(_ data: Data, path: String) throws(Diagnostic) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Diagnostic(path: path, message: "file is not valid UTF-8 text")
        }
        // A byte-order mark would otherwise hide the opening `---` of the front matter.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}

extension SourceTreeError {
    /// The diagnostics for `error`, met while listing `folder`: each link out of the blog is
    /// named itself, anything else is about the folder.
    package static func diagnostics(for error: Error, listing folder: String) -> [Diagnostic] {
        switch error as? SourceTreeError {
        case .linkOutside(let path)?:
            return [Diagnostic(path: path, message: outsideReason)]
        case .linksOutside(let paths)?:
            return paths.map { Diagnostic(path: $0, message: outsideReason) }
        case .unreadable(let path, let reason)? where path != folder:
            // Something inside the folder: said at its own path.
            return [Diagnostic(path: path, message: reason)]
        default:
            break
        }
        return [Diagnostic(path: folder, message: "cannot list folder: \(error)")]
    }
}

/// The names every source tree skips: editor and OS litter that no blogger means to publish.
package enum SourceFileFilter {
    /// Whether a file or folder called `name` is left out of a blog: the system's own files, and
    /// what editors leave beside a file while it is open or after it is saved (emacs's lock link
    /// `.#name` and auto-save `#name#`, vim's swap files `.name.swp`, backups `name~`, gedit's
    /// `.goutputstream-…`). Such a file comes and goes as the writer types; read, a lock (a link
    /// to nowhere) stopped every build.
    package static func ignores(_ name: String) -> Bool {
        // Asked of every name of every walk: the first and last bytes settle nearly all.
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if last == UInt8(ascii: "~") { return true }
        switch first {
        case UInt8(ascii: "."):
            return name == ".DS_Store" || name == ".git" || name.hasPrefix(".#") || name.hasPrefix(".goutputstream-")
                || swapEndings.contains { name.hasSuffix($0) }
        case UInt8(ascii: "#"):
            return bytes.count > 2 && last == UInt8(ascii: "#")
        case UInt8(ascii: "T"):
            return name == "Thumbs.db"
        default:
            return false
        }
    }

    /// Vim's swap files: `.swp`, then `.swo`, `.swn` … when one is taken.
    private static let swapEndings = [".swp", ".swo", ".swn", ".swm", ".swx"]

    /// Whether a name along `path` (`a/b/c`) is left out, and with it the file: for trees that
    /// hold whole paths rather than walk folders.
    package static func ignoresAnyName(in path: String) -> Bool {
        path.split(separator: "/").contains { ignores(String($0)) }
    }

    /// Whether a file of posts/ or pages/ at `path` is left out for a hidden name (`.trash/`,
    /// `.draft.md`) below the folder, as Jekyll and Hugo leave them out of their content. static/
    /// keeps its hidden files: `.well-known/` and `.htaccess` are published.
    package static func isHidden(_ path: String, below folder: String) -> Bool {
        // A look at the bytes, no names made: it runs over every post of every build (through
        // the string's views, 1,200 instructions a post).
        let skipped = folder.utf8.count + 1
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.count > skipped else { return false }
            var previous = UInt8(ascii: "/")
            for byte in bytes[skipped...] {
                if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return true }
                previous = byte
            }
            return false
        }
    }
}

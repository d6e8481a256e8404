/// The names every source tree skips: editor and OS litter that no blogger means to publish.
package enum SourceFileFilter {
    /// Whether a file or folder called `name` is left out of a blog.
    package static func ignores(_ name: String) -> Bool {
        name == ".DS_Store" || name == "Thumbs.db" || name == ".git" || name.hasSuffix("~")
    }

    /// Whether a name along `path` (`a/b/c`) is left out, and with it the file: for trees that
    /// hold whole paths rather than walk folders.
    package static func ignoresAnyName(in path: String) -> Bool {
        path.split(separator: "/").contains { ignores(String($0)) }
    }
}

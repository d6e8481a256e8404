/// The names every source tree skips: editor and OS litter that no blogger means to publish.
public enum SourceFileFilter {
    /// Whether a file or folder called `name` is left out of a blog.
    public static func ignores(_ name: String) -> Bool {
        name == ".DS_Store" || name == "Thumbs.db" || name == ".git" || name.hasSuffix("~")
    }
}

import FileSystem

/// Which rule makes a post's title (`:title` in a permalink) and a tag's or category's name
/// into a part of an address: galley.yml's `slugs`. A blog moved from Hugo keeps Hugo's, so
/// that its posts and tag pages stay where they were.
package enum SlugRule: String, Sendable, CaseIterable {
    /// Galley's own, ``Slug/make(_:)``: `Notes on .NET` is `notes-on-net`, `Café` is `cafe`.
    case galley
    /// Hugo's `urlize`, ``Slug/hugo(_:)``: `Notes on .NET` is `notes-on-.net`, `Café` is `café`.
    case hugo

    /// A tag's or a category's name made a part of an address by this rule; under Hugo's it
    /// may hold `/`.
    package func slug(_ text: String) -> String {
        switch self {
        case .galley: Slug.make(text)
        case .hugo: Slug.hugo(text)
        }
    }

    /// A post's title made a part of its address (`:title`) by this rule; under Hugo's it may
    /// hold `/`.
    package func title(_ text: String) -> String {
        switch self {
        case .galley: Slug.make(text)
        case .hugo: Slug.hugoTitle(text)
        }
    }

    /// Why `slug` cannot be put in an address, or nil when it can: Hugo's rule keeps `.` and
    /// `/`, so a title or a tag can make `..`, `.`, an empty folder name or a leading `/`, and
    /// any rule can make nothing at all.
    package static func problem(with slug: String) -> RelativePath.Problem? {
        RelativePath.problem(with: slug, allowingControls: false)
    }
}

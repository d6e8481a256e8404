/// How much of each kind of input a build reads: a blog comes from whoever can push a branch,
/// and a build server must refuse, with a message, what would crash it, hang it or fill its
/// memory. Each limit is far beyond what a blog needs; the guide lists them (docs/pages/reference/limits.md).
package enum InputLimits {
    /// Bytes of one post or page, front matter and Markdown.
    package static let markdownBytes = 16 << 20
    /// Bytes of one front matter block, YAML or TOML, and of `galley.yml`: one limit whatever
    /// the format.
    package static let frontMatterBytes = 256 * 1024
    /// Collections inside one another in a YAML document (`a: {b: [c]}` is 3).
    package static let yamlDepth = 32
    /// Bytes of one layout.
    package static let layoutBytes = 256 * 1024
    /// Tags in one layout. swift-mustache's parser counts the characters left to the end of
    /// the layout at every tag, so its time grows with bytes times tags: these two bounds keep
    /// it under a second. A theme's largest layout holds a few hundred.
    package static let layoutTags = 2_000
    /// Levels of a page's layouts inside one another: sections, blocks and parents within a
    /// layout, and a level for each partial or parent a layout brings in.
    package static let layoutDepth = 64
    /// Partials and parents a page's layout brings in, each counted once for every place it
    /// stands (and once for each time a layout it stands in is brought in).
    package static let layoutIncludes = 10_000
    /// Columns of a Markdown table.
    package static let tableColumns = 1_000
    /// Cells of a Markdown table, its columns times its rows: cmark-gfm gives each row all of
    /// the header's columns, however few it has.
    package static let tableCells = 100_000
    /// Tags, or categories, of one post or page. Each tag's page shows the post with all its
    /// tags, so the output grows with the square of this number.
    package static let namesInTaxonomy = 500
    /// `per_page` and `feed_limit`.
    package static let listLength = 100_000
    /// An audio file's `length` in bytes: a pebibyte.
    package static let audioBytes = 1 << 50
    /// An audio file's `duration`, in seconds: ten thousand hours.
    package static let audioSeconds = 36_000_000
}

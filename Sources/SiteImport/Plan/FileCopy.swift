import FileSystem

/// One file of the site copied, byte for byte, into the blog.
struct FileCopy: Sendable, Equatable {
    /// Where it is in the site, from the site's top.
    var source: String
    /// Where it goes in the blog, checked name by name.
    var destination: RelativePath
    var role: Role

    /// What the file is in the blog, for the report's counts.
    enum Role: Sendable, Equatable {
        /// A post's Markdown or HTML, and the other files of a post folder.
        case post, postFile
        /// A page's Markdown, and the files beside it.
        case page, pageFile
        case staticFile
        /// A draft, kept where no build reads it.
        case draft
    }
}

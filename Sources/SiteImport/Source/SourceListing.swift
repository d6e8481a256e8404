/// What a walk through a folder of the site found, each as a path from the site's top.
struct SourceListing: Sendable {
    /// Regular files, the only things imported.
    var files: [String] = []
    /// Symbolic links, never followed: one could lead anywhere on the machine.
    var links: [String] = []
    /// FIFOs, sockets, devices, names that are not UTF-8, and folders nested too deep.
    var others: [String] = []
}

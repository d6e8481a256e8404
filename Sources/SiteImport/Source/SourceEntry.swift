import Foundation

/// One name in a folder of the site being imported, and what stands there.
struct SourceEntry: Sendable, Equatable {
    /// The name in its folder.
    var name: String
    /// The path from the site's top (`_posts/2019-10-08-hello.md`).
    var path: String
    var kind: Kind

    /// What a name stands for, links never followed.
    enum Kind: Sendable, Equatable {
        case file, folder, link
        /// A FIFO, socket or device: never a site's content.
        case other
        /// A name that is not UTF-8, which cannot be named again to read it.
        case unnamed
        /// Nothing there, or readdir would not say.
        case unknown

        init(mode: mode_t) {
            switch mode {
            case S_IFREG: self = .file
            case S_IFDIR: self = .folder
            case S_IFLNK: self = .link
            case 0: self = .unknown
            default: self = .other
            }
        }

        init(direntType type: UInt8) {
            switch Int32(type) {
            case Int32(DT_REG): self = .file
            case Int32(DT_DIR): self = .folder
            case Int32(DT_LNK): self = .link
            case Int32(DT_UNKNOWN): self = .unknown
            default: self = .other
            }
        }
    }
}

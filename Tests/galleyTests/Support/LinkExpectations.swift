import Foundation
import Testing

/// Which broken links of a build are not Galley's doing: links out of the blog as we hold it,
/// and links a setting the blog's galley.yml leaves out would mend. Anything else fails.
struct LinkExpectations {
    /// Site paths the author linked that were never part of the blog as we hold it (pages of
    /// the author's wider site, images the copy does not include). Each must still be needed, so
    /// that the list cannot quietly grow stale, and a file the blog does have is never excused.
    /// The theme and the generators never write under these prefixes, so they are excused by
    /// prefix alone: an address a Liquid tag makes (`{% link _docs/x.md %}`) is not written out
    /// in the post, yet is the author's link all the same.
    var outsideTheBlog: [String] = []

    /// Links that break because the blog's galley.yml leaves out a setting the original site had
    /// (its repository's address, its addresses as files): the build says so, or another test
    /// shows the setting, carried by `galley import`, mends them. Each must still explain a link,
    /// so that the list cannot quietly grow stale. It explains only links spelled out in a post:
    /// a link the theme or a generator writes (a root-relative one under a sub-path, say) is
    /// always Galley's to fix. One whose links a post's template makes
    /// (`{{ site.repository }}/issues/1`) says so with `spelledOut: false`, and its test is then
    /// all that tells them apart.
    struct SettingLeftOut {
        var cause: String
        var spelledOut = true
        var explains: @Sendable (BrokenLink) -> Bool
    }

    var settingsLeftOut: [SettingLeftOut] = []

    func expect(_ broken: [BrokenLink], in site: BuiltSite, sourceLocation: SourceLocation) {
        let name = site.blog.lastPathComponent
        func excused(_ link: BrokenLink) -> Bool {
            link.problem == .noSuchFile && outsideTheBlog.contains { link.path.hasPrefix($0) }
                && !FileManager.default.fileExists(atPath: site.blog.appending(path: "static" + link.path).path)
        }
        func explained(_ link: BrokenLink, by setting: SettingLeftOut) -> Bool {
            !excused(link) && setting.explains(link) && (!setting.spelledOut || site.writtenInPosts(link))
        }
        for prefix in outsideTheBlog {
            #expect(broken.contains { excused($0) && $0.path.hasPrefix(prefix) }, "\(name): no link needs \(prefix) excused any more",
                    sourceLocation: sourceLocation)
        }
        for setting in settingsLeftOut {
            #expect(broken.contains { explained($0, by: setting) }, "\(name): no link is broken any more by \(setting.cause)", sourceLocation: sourceLocation)
        }
        let unexplained = broken.filter { link in !excused(link) && !settingsLeftOut.contains { explained(link, by: $0) } }
        let count = unexplained.count
        #expect(count == 0, "\(name): broken links:\n\(Self.listing(unexplained))", sourceLocation: sourceLocation)
    }

    /// The first few links for each target, so that a break in a layout (on every page) stays readable.
    static func listing(_ links: [BrokenLink]) -> String {
        let byPath = Dictionary(grouping: links, by: \.path)
        return byPath.keys.sorted().map { path in
            let all = byPath[path]!
            return all.prefix(3).map(\.description).joined(separator: "\n") + (all.count > 3 ? "\n  … and \(all.count - 3) more to \(path)" : "")
        }.joined(separator: "\n")
    }
}

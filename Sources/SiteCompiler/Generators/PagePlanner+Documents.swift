import Digests
import FileSystem
import Foundation
import Layouts
import SiteContent

extension PagePlanner {
    /// Each post and page through its layout, with the files that travel with it; the digests
    /// are worked out on every core.
    func documentPages() -> [Item] {
        let posts = site.posts, pages = site.pages
        // A post's page shows its neighbours' list values, of the groups its layout shows.
        let layouts = Set(posts.map { theme.layout(named: $0.document.layout?.name, or: "post") })
        let neighbourListings = Dictionary(uniqueKeysWithValues: layouts.map { ($0, inputs.listings[theme.fields(of: $0)]) })
        let renderedPosts = Parallel.map(Array(posts.indices), inRuns: true) { index -> Item in
            let post = posts[index]
            let listings = neighbourListings[theme.layout(named: post.document.layout?.name, or: "post")]!
            // Posts are newest first: the previous (older) post follows in the list.
            let previous = index + 1 < posts.count ? index + 1 : nil
            let next = index > 0 ? index - 1 : nil
            // One array, not four joined: ten thousand posts.
            var parts = [inputs.site, inputs.posts[index], previous.map { listings[$0] } ?? Fingerprint(), next.map { listings[$0] } ?? Fingerprint()]
            if let pictures = context.imageDigest(of: post) { parts.append(pictures) }
            let fingerprint = Fingerprint(parts, label: "post")
            return document(post, fingerprint: fingerprint, defaultLayout: "post", summaries: {
                // The neighbours' summaries, which the page holds as they are.
                var neighbours: [String: Int] = [:]
                neighbours["previous"] = previous
                neighbours["next"] = next
                return SummaryPlaces(children: ["page": neighbours])
            }) { [self] in
                context.page(post, index: index, previous: previous, next: next)
            }
        }
        let renderedPages = Parallel.map(Array(pages.indices)) { index -> Item in
            let page = pages[index]
            let fingerprint = Fingerprint([inputs.site, inputs.pages[index]] + (context.imageDigest(of: page).map { [$0] } ?? []), label: "page")
            return document(page, fingerprint: fingerprint, defaultLayout: "page") { [self] in
                context.page(page, previous: nil, next: nil)
            }
        }
        return renderedPosts + renderedPages + Self.bundleFiles(of: site).map {
            Item(path: $0.output, content: .source($0.source), origin: $0.source, fingerprint: inputs.files($0.source))
        }
    }

    /// The files published beside the posts and pages that are folders, by source and output path.
    static func bundleFiles(of site: Site) -> [(source: String, output: String)] {
        var files: [(source: String, output: String)] = []
        for rendered in [site.posts, site.pages].joined() where !rendered.document.assets.isEmpty {
            let folder = String(rendered.document.directoryPath.dropFirst())
            let bundle = RelativePath.folder(of: rendered.document.sourcePath)
            // A page's files follow the case of its address, as they did when copied alone.
            let lowercase = rendered.document.kind == .page && site.config.lowercaseAddresses
            for asset in rendered.document.assets {
                let relative = String(asset.dropFirst(bundle.count + 1))
                files.append((asset, folder + (lowercase ? relative.lowercased() : relative)))
            }
        }
        return files
    }

    private func document(_ rendered: RenderedDocument, fingerprint: Fingerprint, defaultLayout: String,
                          summaries: @escaping @Sendable () -> SummaryPlaces = { SummaryPlaces() },
                          page: @escaping @Sendable () -> [String: Any]) -> Item {
        let document = rendered.document
        let layout = theme.layout(named: document.layout?.name, or: defaultLayout)
        return self.page(document.outputPath, origin: document.sourcePath, fingerprint: fingerprint) { [self] in
            html(layout, context.values(page: page()), ofMany: true, summaries: summaries())
        }
    }
}

import FileSystem
import Foundation
import Hummingbird
import SiteSource

/// The files of the site `galley serve` shows, for Hummingbird's `FileMiddleware`: pages from
/// the build in memory, the blog's own files read from beneath its folder as they are now, and
/// every HTML page with the reload script put in (its length is the one with the script).
struct ServedFiles: RequestedFileProvider {
    let site: ServedSite
    /// The blog's folder, held open; nil where it cannot be.
    let folder: OpenFolder?
    /// The blog, for a file that cannot be opened beneath its folder.
    let source: any SourceTree

    /// How long a write may wait for its reader (see ``StalledWrite``): `--bind 0.0.0.0` lets
    /// the network in, and a reader that stopped held its connection and megabytes for good.
    var stallLimit: Duration? = .seconds(60)

    /// HTML files of the blog bigger than this are sent as they are, without the reload script:
    /// read whole to put it in, a huge one would be held in memory for each request.
    static let largestInjectedPage = 16 << 20

    func getAttributes(id: RequestedFile) async throws -> RequestedFile.Attributes? {
        guard let entry = site.entries[id.path], !id.namesFolder else {
            // A folder is a path with an index page below it; nothing else is listed.
            return site.entries[id.path.isEmpty ? "index.html" : id.path + "/index.html"] != nil ? .folder() : nil
        }
        let html = entry.contentType == ContentType.html
        var modified = entry.modified
        let body: RequestedFile.Body
        switch entry.body {
        case .bytes(let data):
            body = .bytes(html ? LiveReload.inject(into: data, banner: site.banner) : data)
        case .source(let path):
            // Opened beneath the blog's folder as it is now: the length and date are the file's own.
            if let folder, let file = BlogFile.open(path, in: folder) {
                modified = file.modified
                if html, file.size <= Self.largestInjectedPage, let whole = file.read(at: 0, count: file.size) {
                    body = .bytes(LiveReload.inject(into: whole, banner: site.banner))
                } else {
                    body = .file(file)
                }
            } else if folder == nil || errno == ENOSYS, var data = try? source.contents(of: path) {
                if html, data.count <= Self.largestInjectedPage { data = LiveReload.inject(into: data, banner: site.banner) }
                body = .bytes(data)
            } else {
                // Gone since the build: the next build, on its way, says so.
                return nil
            }
        }
        // The banner is part of the page: a page whose banner changed is a changed page.
        if html { modified = max(modified, site.warningsSince) }
        id.opened.withLock { $0 = body }
        return RequestedFile.Attributes(isFolder: false, size: body.size, modificationDate: modified)
    }
}

import FileSystem
import Foundation
import Glibc
import Hummingbird
import Logging
import Previews
import SiteContent

/// Answers one request of `galley host`: the `Host` header picks the site (or the index), the
/// path is checked before it is looked up, and the file is sent by Hummingbird's
/// `FileMiddleware` from the one release that was live when the request came in.
struct HostResponder: Sendable {
    let settings: PreviewHost.Settings
    let logger: Logger
    /// Each site's own size, measured once for each set of releases.
    let sizes = SiteSizes()

    /// What a request came for, once its `Host` has been read.
    enum Site: Equatable {
        case index
        case preview(label: String)
        case production(label: String)

        /// Whether search engines are kept out and the password asked for.
        var isPreview: Bool {
            if case .production = self { return false }
            return true
        }
    }

    /// Where Caddy's on-demand TLS asks, before it gets a certificate for a name, whether the
    /// name is one of ours (`ask http://127.0.0.1:8080/_galley/tls`): only the domain and the
    /// labels with a live site, so no one can make it ask Let's Encrypt for names at will.
    static let certificateCheckPath = "/_galley/tls"

    func respond(to request: Request, context: HostContext) async -> Response {
        let started = ContinuousClock.now
        // Asked by a proxy on this machine by its loopback address: a request from the internet
        // comes through the proxy from loopback too, but names a site in its Host.
        if request.uri.path == Self.certificateCheckPath, request.method == .get, Self.isLoopback(context.client),
            let authority = request.head.authority, Self.isLoopback(HostCheck.hostPart(of: authority)) || HostCheck.hostPart(of: authority) == "localhost" {
            let response = certificateCheck(request)
            log(request, response, client: context.client, since: started)
            return response
        }
        var response: Response
        var preview = true
        // The first Host names the site; another one is left among the fields. A proxy that
        // read the last would route the request elsewhere than this server does (RFC 9112: 400).
        let twoHosts = request.headers.contains { $0.name.canonicalName == "host" }
        switch twoHosts ? nil : request.head.authority.map({ HostRoute(authority: $0, domain: settings.domain, productionDomain: settings.productionDomain) }) {
        case nil:
            response = Self.plain(.badRequest, twoHosts ? "The request names more than one host.\n" : "The request names no host.\n")
        case .foreign:
            let production = settings.productionDomain.map { ", \($0) and www.\($0)" } ?? ""
            response = Self.plain(.misdirectedRequest, "This server answers for \(settings.domain) and the names below it\(production) only.\n")
            preview = false
        case .production:
            // Validated with the settings: a production domain comes with a production label.
            preview = false
            response = await answer(request, site: .production(label: settings.productionLabel ?? ""), context: context)
        case .productionAlias:
            // Sent to the one address of the site, by the scheme and port the request came by.
            preview = false
            let port = request.head.authority.map(Self.port(of:)) ?? ""
            // A target that is no path (`OPTIONS *`) is sent to the home page.
            let path = request.head.path.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
            response = Self.plain(.movedPermanently, "The site is at \(settings.productionDomain ?? "").\n",
                                  extra: [.location: "//\(settings.productionDomain ?? "")\(port)\(path)"])
        case .unknown:
            response = Self.plain(.notFound, "No preview has this name.\n")
        case .index:
            response = await answer(request, site: .index, context: context)
        case .site(let label):
            let site: Site = label == settings.productionLabel ? .production(label: label) : .preview(label: label)
            preview = site.isPreview
            response = await answer(request, site: site, context: context)
        }
        if preview {
            // Previews change with every push and may hold unpublished posts: never indexed,
            // whatever the file or the answer.
            response.headers[.init("X-Robots-Tag")!] = "noindex"
        }
        // Checked again by browsers on each visit; the entity tags make that cheap.
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-cache" }
        response.headers[.init("X-Content-Type-Options")!] = "nosniff"
        if request.method == .head { response = response.createHeadResponse() }
        log(request, response, client: context.client, since: started)
        return response
    }

    private func answer(_ request: Request, site: Site, context: HostContext) async -> Response {
        if site.isPreview, let passwords = settings.passwords, !passwords.admits(request.headers[.authorization]) {
            return Self.plain(.unauthorized, "This preview needs a name and password.\n", extra: [.wwwAuthenticate: HostPasswords.challenge])
        }
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [.allow: "GET, HEAD"])
        }
        let target = request.head.path ?? "/"
        guard let path = RequestPath(target: target) else {
            return Self.plain(.badRequest, "This path names no file of the site.\n")
        }
        switch site {
        case .index:
            guard path.parts.isEmpty else { return Self.plain(.notFound, "The index of previews is at /.\n") }
            return Self.html(.ok, await index(port: Self.port(of: request.head.authority ?? "")))
        case .preview(let label), .production(let label):
            guard let release = open(site) else {
                if errno == EMFILE || errno == ENFILE || errno == ENOMEM {
                    // Not a missing preview: the server is out of open files for now.
                    logger.error("cannot open \(label).\(settings.domain): \(FileSystemError.explain(errno))")
                    return Self.plain(.serviceUnavailable, "Too busy; try again in a moment.\n", extra: [.retryAfter: "1"])
                }
                // The production site's readers are told nothing of the previews behind it.
                if case .production = site {
                    return Self.html(.notFound, Self.message("Not published yet", "There is no site here yet. It appears once it is published."))
                }
                return Self.html(.notFound, Self.message("No preview here", "There is no live preview at \(PreviewIndex.escape(label)).\(PreviewIndex.escape(settings.domain)). It appears a few seconds after its branch is pushed, once it is built."))
            }
            return await serve(request, path: path, target: target, from: release, context: context)
        }
    }

    /// 200 when the `domain` asked about is the index or a site that is live, 404 otherwise.
    private func certificateCheck(_ request: Request) -> Response {
        let name = request.uri.queryParameters.get("domain") ?? ""
        let known: Bool
        switch HostRoute(authority: name, domain: settings.domain, productionDomain: settings.productionDomain) {
        case .index: known = true
        case .site(let label): known = open(label == settings.productionLabel ? .production(label: label) : .preview(label: label)) != nil
        // `www.` too: its certificate is what lets a browser follow the redirect.
        case .production, .productionAlias: known = open(.production(label: settings.productionLabel ?? "")) != nil
        case .unknown, .foreign: known = false
        }
        return known ? Self.plain(.ok, "yes\n") : Self.plain(.notFound, "no\n")
    }

    /// Whether `address` is a loopback address: read as an IP address, so that a name under the
    /// domain that starts like one (`127.p.test`) is a name.
    static func isLoopback(_ address: String) -> Bool {
        var text = address
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        // ::1, or 127.x.y.z mapped into IPv6 (::ffff:127.0.0.1).
        return (bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
            || (bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127)
    }

    /// The folder of the release live now, held open for this request.
    func open(_ site: Site) -> OpenFolder? {
        switch site {
        case .index:
            return nil
        case .preview(let label):
            return Self.openBeneath(settings.root.path, "\(label).\(settings.domain)")
        case .production(let label):
            if let production = settings.productionRoot {
                return Self.openBeneath(production.path, ReleaseSlot.productionName)
            }
            return Self.openBeneath(settings.root.path, "\(label).\(settings.domain)")
        }
    }

    /// Opens `name` in `folder`, following its link only when it stays inside `folder`.
    static func openBeneath(_ folder: String, _ name: String) -> OpenFolder? {
        guard let root = OpenFolder(folder) else { return nil }
        let descriptor = Platform.openBeneath(root.descriptor, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC, noLinks: false)
        guard descriptor >= 0 else { return nil }
        return OpenFolder(descriptor: descriptor, path: folder + "/" + name)
    }

    /// Sends the file `path` names from `release`, or the site's own 404 page.
    private func serve(_ request: Request, path: RequestPath, target: String, from release: OpenFolder, context: HostContext) async -> Response {
        if let response = await FileSending(provider: ReleaseFiles(release: release, stallLimit: settings.stalledWrite)).send(request, path: path, target: target, context: context) {
            return response
        }
        return notFound(path, query: target.firstIndex(of: "?").map { String(target[$0...]) } ?? "", in: release)
    }

    /// `/about.html` where the site has `/about/` is sent there, as the server configs Galley
    /// ships do; anything else gets the site's own `404.html`.
    private func notFound(_ path: RequestPath, query: String, in release: OpenFolder) -> Response {
        // Looked for as files are served: a `stat` by path would follow a linked folder on the
        // way, and tell whether a page exists anywhere on the machine.
        if let folder = path.folderOfHTMLPage, let info = ReleaseFiles.info(of: folder.joined(separator: "/") + "/index.html", in: release),
            info.st_mode & S_IFMT == S_IFREG {
            return Response(status: .movedPermanently, headers: [.location: SiteResponder.encoded(folder) + "/" + query])
        }
        if let page = BlogFile.open("404.html", in: release), page.size <= Self.largestErrorPage, let html = page.read(at: 0, count: page.size) {
            return Response(status: .notFound, headers: [.contentType: ContentType.html], body: ResponseBody(byteBuffer: ByteBuffer(bytes: html)))
        }
        return Self.html(.notFound, Self.message("Not found", "This site has no page at this address."))
    }

    /// The index page: the listing `galley previews list` prints, with each site's own size.
    private func index(port: String) async -> String {
        let manifest = Self.readManifest(in: settings.root.path) ?? PreviewManifest()
        var production: (entry: PreviewManifest.Entry?, live: String?)?
        if let label = settings.productionLabel {
            let entry = settings.productionRoot.flatMap { Self.readManifest(in: $0.path)?.production } ?? manifest.previews[label]
            production = (entry, liveRelease(of: .production(label: label)))
        }
        var previews = manifest
        // With no production folder, production is a label of its own here: one row, not two.
        if settings.productionRoot == nil, let label = settings.productionLabel { previews.previews[label] = nil }
        var listing = PreviewListing(previews: previews, production: production, domain: settings.domain) { label in
            liveRelease(of: .preview(label: label))
        }
        await sizes.measure(&listing, previews: settings.root, production: settings.productionRoot, productionLabel: settings.productionLabel,
                            domain: settings.domain)
        return PreviewIndex(domain: settings.domain, listing: listing, productionLabel: settings.productionLabel,
                            productionDomain: settings.productionDomain).html(port: port)
    }

    /// The release a site's link shows, when the site can be opened.
    private func liveRelease(of site: Site) -> String? {
        guard open(site) != nil else { return nil }
        let link: String
        switch site {
        case .index: return nil
        case .production where settings.productionRoot != nil: link = settings.productionRoot!.path + "/" + ReleaseSlot.productionName
        case .production(let label), .preview(let label): link = settings.root.path + "/\(label).\(settings.domain)"
        }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? ""
        return target.split(separator: "/").last.map(String.init)
    }

    /// The manifest of a destination folder, read beneath it; nil when there is none or it is damaged.
    static func readManifest(in folder: String) -> PreviewManifest? {
        guard let root = OpenFolder(folder), let file = BlogFile.open(PreviewManifest.path, in: root), file.size <= 16 << 20,
            let data = file.read(at: 0, count: file.size)
        else { return nil }
        return try? PreviewManifest.decode(data, from: folder)
    }

    /// `:8080` of `name:8080`; empty when the `Host` has no port.
    static func port(of authority: String) -> String {
        guard let colon = authority.lastIndex(of: ":") else { return "" }
        let port = authority[authority.index(after: colon)...]
        return port.allSatisfy(\.isNumber) && !port.isEmpty ? ":" + port : ""
    }

    /// One line for each request, with its parts as metadata.
    private func log(_ request: Request, _ response: Response, client: String, since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("\(request.method) \(String((request.head.path ?? "").prefix(300))) \(response.status.code)", metadata: [
            "client": "\(client)",
            "host": "\(String((request.head.authority ?? "-").prefix(300)))",
            "status": "\(response.status.code)",
            "bytes": "\(response.headers[.contentLength] ?? "-")",
            "ms": "\(String(format: "%.1f", milliseconds))",
        ])
    }

    /// The site's own 404 page is sent only up to this size.
    static let largestErrorPage = 1 << 20

    static func message(_ title: String, _ text: String) -> String {
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title></head><body><h1>\(title)</h1><p>\(text)</p></body></html>

        """
    }

    static func html(_ status: HTTPResponse.Status, _ html: String) -> Response {
        Response(status: status, headers: [.contentType: ContentType.html], body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

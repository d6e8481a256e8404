import Foundation
import Hummingbird
import SiteCompiler
import SiteSource

/// Answers each request from the site the latest build left, by the rules a static host
/// follows, as `galley host` does (``FileSending``): `index.html` for a folder, a redirect to
/// add the slash, the site's own 404 page, HEAD, entity tags with 304, and byte ranges.
struct SiteResponder: Sendable {
    let live: LiveSite
    let source: any SourceTree
    let hosts: HostCheck
    /// How long a write of a file may wait for its reader (see ``StalledWrite``).
    var stallLimit: Duration = .seconds(60)

    func respond(to request: Request, context: ServeContext) async -> Response {
        // The first Host is checked; another one is left among the fields, which a proxy in
        // front might read instead (RFC 9112: 400), as `galley host` answers.
        if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            return Self.plain(.badRequest, "The request names more than one host.\n")
        }
        if let host = request.head.authority, !hosts.allows(host) {
            return Self.plain(.forbidden, "galley serve answers requests for localhost, an IP address or the address it listens on, "
                + "not for '\(host.prefix(200))': a web page that points its own name at this machine must not read the blog.\n")
        }
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [.allow: "GET, HEAD"])
        }
        let target = request.head.path ?? "/"
        let response: Response
        if target.hasPrefix(LiveReload.prefix) {
            response = galleysOwn(target)
        } else if let path = RequestPath(target: target) {
            response = await site(path, target: target, request: request, context: context)
        } else {
            response = Self.plain(.badRequest, "This path names no file of the site.\n")
        }
        return request.method == .head ? response.createHeadResponse() : response
    }

    /// The reload script and the event stream.
    private func galleysOwn(_ target: String) -> Response {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        switch path {
        case LiveReload.scriptPath:
            return Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: LiveReload.script)))
        case LiveReload.eventsPath:
            let events = live.hub.listen(greeting: "retry: 500\n\n" + ReloadHub.message(event: "hello", data: live.build))
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: ResponseBody { writer in
                                for await text in events { try await writer.write(ByteBuffer(string: text)) }
                                try await writer.finish(nil)
                            })
        default:
            return Self.plain(.notFound, "No such file of Galley's.\n")
        }
    }

    private func site(_ path: RequestPath, target: String, request: Request, context: ServeContext) async -> Response {
        let state = live.state
        let key = path.fileKey
        if let failure = state.failure, state.site.entries[key]?.contentType ?? ContentType.html == ContentType.html {
            return Self.page(.internalServerError, ErrorPage.html(for: failure))
        }
        guard state.built else {
            return Self.page(.serviceUnavailable, Self.building, extra: [.retryAfter: "1"])
        }
        let files = FileSending(provider: ServedFiles(site: state.site, folder: live.folder, source: source, stallLimit: stallLimit))
        guard var response = await files.send(request, path: path, target: target, context: context) else {
            return notFound(path, target: target, in: state.site)
        }
        // Every answer is checked again: the next save changes it.
        response.headers[.cacheControl] = "no-cache"
        response.headers[.init("X-Content-Type-Options")!] = "nosniff"
        return response
    }

    /// `/about.html` where the site has `/about/` is sent there, as the server configs Galley
    /// ships do; anything else gets the site's own 404 page, which reloads by itself too.
    private func notFound(_ path: RequestPath, target: String, in site: ServedSite) -> Response {
        let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
        if let folder = path.folderOfHTMLPage, site.entries[folder.joined(separator: "/") + "/index.html"] != nil {
            return Self.redirect(to: Self.encoded(folder) + "/" + query)
        }
        if let notFound = site.entries["404.html"], case .bytes(let data) = notFound.body {
            return Response(status: .notFound, headers: [.contentType: ContentType.html, .cacheControl: "no-cache"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: LiveReload.inject(into: data, banner: site.banner))))
        }
        return Self.page(.notFound, "<!DOCTYPE html><title>Not found</title><h1>Not found</h1>\n" + site.banner + LiveReload.tag)
    }

    /// `parts` as a path again, each part percent-encoded where a URL needs it.
    static func encoded(_ parts: [String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return "/" + parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }

    static let building = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Building…</title></head>
        <body><p>Galley is building the site; this page loads by itself when it is ready.</p>
        \(LiveReload.tag)
        </body></html>

        """

    static func redirect(to location: String) -> Response {
        Response(status: .movedPermanently, headers: [.location: location, .cacheControl: "no-store"])
    }

    static func page(_ status: HTTPResponse.Status, _ html: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: ContentType.html, .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

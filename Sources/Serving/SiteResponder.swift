import Foundation
import Hummingbird
import SiteCompiler
import SiteSource

/// Answers each request from the site the latest build left, by the rules a static host
/// follows: `index.html` for a folder, a redirect to add the slash, the site's own 404 page,
/// HEAD, entity tags with 304, and byte ranges.
struct SiteResponder: Sendable {
    let live: LiveSite
    let source: any SourceTree
    let hosts: HostCheck

    func respond(to request: Request) async -> Response {
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
            response = site(path, target: target, request: request)
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

    private func site(_ path: RequestPath, target: String, request: Request) -> Response {
        let state = live.state
        let key = path.fileKey
        if let failure = state.failure, state.site.entries[key]?.contentType ?? ContentType.html == ContentType.html {
            return Self.page(.internalServerError, ErrorPage.html(for: failure))
        }
        guard state.built else {
            return Self.page(.serviceUnavailable, Self.building, extra: [.retryAfter: "1"])
        }
        let entries = state.site.entries
        if let entry = entries[key] {
            return serve(entry, request: request)
        }
        let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
        // `/about` for the folder `/about/`, and `/about.html` where the site has `/about/`, as
        // the server configs Galley ships answer them.
        if !path.namesFolder, entries[key + "/index.html"] != nil {
            return Self.redirect(to: Self.encoded(path.parts) + "/" + query)
        }
        if !path.namesFolder, key.hasSuffix(".html"), let last = path.parts.last, last.count > 5 {
            let folder = Array(path.parts.dropLast()) + [String(last.dropLast(5))]
            if entries[folder.joined(separator: "/") + "/index.html"] != nil {
                return Self.redirect(to: Self.encoded(folder) + "/" + query)
            }
        }
        if let notFound = entries["404.html"], case .bytes(let data) = notFound.body {
            return Response(status: .notFound, headers: [.contentType: ContentType.html, .cacheControl: "no-cache"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: LiveReload.inject(into: data))))
        }
        return Self.page(.notFound, "<!DOCTYPE html><title>Not found</title><h1>Not found</h1>\n" + LiveReload.tag)
    }

    /// Sends one file, or the part of it asked for.
    private func serve(_ entry: ServedSite.Entry, request: Request) -> Response {
        let headers: HTTPFields = [.contentType: entry.contentType, .acceptRanges: "bytes", .cacheControl: "no-cache",
                                   .init("X-Content-Type-Options")!: "nosniff"]
        switch entry.body {
        case .bytes(let bytes):
            let data = entry.contentType == ContentType.html ? LiveReload.inject(into: bytes) : bytes
            return answer(request, headers: headers, tag: entry.etag, length: data.count) { first, last in
                ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + first...data.startIndex + last]))
            }
        case .source(let path):
            // Opened beneath the blog's folder as it is now: the length and tag are the file's own,
            // and only the bytes asked for are read, a chunk at a time.
            if let folder = live.folder, let file = BlogFile.open(path, in: folder) {
                // A page of the blog's own HTML reloads by itself too: read whole, with the script put in.
                if entry.contentType == ContentType.html, file.size <= Self.largestInjectedPage, let whole = file.read(at: 0, count: file.size) {
                    let data = LiveReload.inject(into: whole)
                    return answer(request, headers: headers, tag: file.tag, length: data.count) { first, last in
                        ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + first...data.startIndex + last]))
                    }
                }
                return answer(request, headers: headers, tag: file.tag, length: file.size) { first, last in
                    ResponseBody(contentLength: last - first + 1) { writer in
                        var offset = first
                        while offset <= last {
                            guard let data = file.read(at: offset, count: min(BlogFile.chunk, last - offset + 1)), !data.isEmpty else { break }
                            try await writer.write(ByteBuffer(bytes: data))
                            offset += data.count
                        }
                        try await writer.finish(nil)
                    }
                }
            }
            guard live.folder == nil || errno == ENOSYS, var data = try? source.contents(of: path) else {
                return Self.plain(.notFound, "This file changed while it was being sent; reload.\n")
            }
            if entry.contentType == ContentType.html, data.count <= Self.largestInjectedPage { data = LiveReload.inject(into: data) }
            return answer(request, headers: headers, tag: entry.etag, length: data.count) { first, last in
                ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + first...data.startIndex + last]))
            }
        }
    }

    /// The response for a file of `length` bytes tagged `tag`: 304 when the client holds it, else
    /// the whole file or the range asked for, its bytes from `body(first, last)`.
    private func answer(_ request: Request, headers: HTTPFields, tag: String, length: Int,
                        body: (Int, Int) -> ResponseBody) -> Response {
        var headers = headers
        if !tag.isEmpty {
            headers[.eTag] = tag
            if let wanted = request.headers[.ifNoneMatch], Self.matches(wanted, tag) {
                return Response(status: .notModified, headers: headers)
            }
        }
        // A stale `If-Range` asks for the whole of the new file.
        let rangeHeader = request.headers[.ifRange].map { $0 == tag && !tag.isEmpty } ?? true ? request.headers[.range] : nil
        switch ByteRange.request(rangeHeader, length: length) {
        case .whole:
            headers[.contentLength] = String(length)
            return Response(status: .ok, headers: headers, body: length == 0 ? ResponseBody() : body(0, length - 1))
        case .part(let range):
            headers[.contentRange] = "bytes \(range.first)-\(range.last)/\(length)"
            headers[.contentLength] = String(range.count)
            return Response(status: .partialContent, headers: headers, body: body(range.first, range.last))
        case .unsatisfiable:
            return Self.plain(.rangeNotSatisfiable, "The range lies outside the file.\n", extra: [.contentRange: "bytes */\(length)"])
        }
    }

    /// Whether an `If-None-Match` list names `tag` (or is `*`).
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }

    /// `parts` as a path again, each part percent-encoded where a URL needs it.
    static func encoded(_ parts: [String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return "/" + parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }

    /// HTML files of the blog bigger than this are sent as they are, without the reload script:
    /// read whole to put it in, a huge one would be held in memory for each request.
    static let largestInjectedPage = 16 << 20

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

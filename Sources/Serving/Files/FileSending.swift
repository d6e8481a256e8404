import Foundation
import Hummingbird

/// Sends a site's files through Hummingbird's `FileMiddleware`, for `galley serve` and `galley
/// host` alike: `index.html` for a folder, a redirect to add the slash, content types,
/// `ETag` and `Last-Modified` with 304s, HEAD, and single byte ranges.
///
/// The request is made one FileMiddleware reads as HTTP means it first: a `Range` header is
/// read by ``ByteRange`` against the file's length and passed on as the one range it names
/// (FileMiddleware would read `bytes=-500`, the last 500 bytes, as the first 501, and several
/// ranges as the first), or taken off for the whole file; an `If-None-Match` list becomes one
/// field a tag, each of which FileMiddleware compares.
struct FileSending<Provider: RequestedFileProvider> {
    let provider: Provider

    /// The file `path` names, from the raw request `target`, or the answer to a request that
    /// cannot have it (a range past the end is 416, with the length); nil when there is no such
    /// file, for the caller's own 404 page.
    func send<Context: RequestContext>(_ request: Request, path: RequestPath, target: String, context: Context) async -> Response? {
        let shown = ShownPath(path)
        let files = FileMiddleware<Context, ShownPath.Files<Provider>>(fileProvider: .init(provider: provider, path: shown), searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: ContentType.mediaTypes)
        var response: Response
        do {
            response = try await files.handle(await prepared(request, path: path, shown: shown), context: context) { _, _ in throw HTTPError(.notFound) }
        } catch let error as HTTPError where error.status == .notFound {
            return nil
        } catch let error as any HTTPResponseError {
            var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
            if error.status == .rangeNotSatisfiable, let error = error as? HTTPError { headers.append(contentsOf: error.headers) }
            return Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(error.status.reasonPhrase)\n")))
        } catch {
            return Response(status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "This file cannot be read.\n")))
        }
        // `If-None-Match: *` matches any file there is, and a tag matches with or without its
        // `W/`; FileMiddleware compares each as a string.
        if response.status == .ok || response.status == .partialContent,
           IfNoneMatch(request.headers[values: .ifNoneMatch]).matches(response.headers[.eTag]) {
            var headers = response.headers
            headers[.contentRange] = nil
            return Response(status: .notModified, headers: headers)
        }
        if response.status == .movedPermanently {
            // A folder asked for without its slash. FileMiddleware puts the decoded path in
            // `Location`; it is made again from the checked parts, encoded, with the query kept.
            let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
            response.headers[.location] = SiteResponder.encoded(path.parts) + "/" + query
        }
        return response
    }

    private func prepared(_ request: Request, path: RequestPath, shown: ShownPath) async -> Request {
        let tags = request.headers[values: .ifNoneMatch]
        let range = request.headers[.range]
        guard range != nil || tags.contains(where: { $0.contains(",") }) || shown.differs else { return request }
        var head = request.head
        if shown.differs { head.path = shown.target }
        if tags.contains(where: { $0.contains(",") }) {
            head.headerFields[values: .ifNoneMatch] = tags.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let range {
            head.headerFields[.range] = nil
            // HEAD gets the whole file's headers: FileMiddleware would answer it 200 with a
            // Content-Range, and with no 416 where GET gets one.
            if request.method == .get, let length = await length(of: path) {
                switch ByteRange.request(range, length: length) {
                case .whole: break
                case .part(let part): head.headerFields[.range] = "bytes=\(part.first)-\(part.last)"
                // Past the end: the provider answers 416 with the length.
                case .unsatisfiable: head.headerFields[.range] = "bytes=\(length)-"
                }
            }
        }
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }

    /// The length of the file FileMiddleware will send for `path`: the file, or a folder's index.
    private func length(of path: RequestPath) async -> Int? {
        guard let attributes = try? await provider.getAttributes(id: RequestedFile(path: path.parts.joined(separator: "/"))) else { return nil }
        guard attributes.isFolder else { return attributes.size }
        guard path.namesFolder, let index = try? await provider.getAttributes(id: RequestedFile(path: path.fileKey)), !index.isFolder else { return nil }
        return index.size
    }
}

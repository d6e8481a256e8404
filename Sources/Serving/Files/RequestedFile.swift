import Blocking
import Foundation
import Hummingbird

/// One file a request asks for, as Galley's file providers hand it to Hummingbird's
/// `FileMiddleware`: opened (or made) once, when its attributes are read, and then sent as it
/// was then, so the length the headers gave is the length sent.
final class RequestedFile: Sendable {
    /// Its path in the site, without slashes at either end (`""` for the top).
    let path: String
    /// Whether it was asked for with a slash at the end, as a folder: a file is then not found
    /// (`/index.html/` is no address of `/index.html`).
    let namesFolder: Bool
    let opened = Locked<Body?>(nil)

    init(path: String, namesFolder: Bool = false) {
        self.path = path
        self.namesFolder = namesFolder
    }

    /// `/a/b/` as `a/b`.
    convenience init(requestPath: String) {
        self.init(path: requestPath.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/"),
                  namesFolder: requestPath.count > 1 && requestPath.hasSuffix("/"))
    }

    /// What is sent.
    enum Body: Sendable {
        case bytes(Data)
        case file(BlogFile)

        var size: Int {
            switch self {
            case .bytes(let data): data.count
            case .file(let file): file.size
            }
        }
    }

    /// The attributes FileMiddleware asks for.
    struct Attributes: FileMiddlewareFileAttributes {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date

        static func folder(modified: Date = Date(timeIntervalSince1970: 0)) -> Attributes {
            Attributes(isFolder: true, size: 0, modificationDate: modified)
        }
    }
}

/// A file provider whose files are ``RequestedFile``s: the sending is the same for all of them.
protocol RequestedFileProvider: FileProvider where FileIdentifier == RequestedFile, FileAttributes == RequestedFile.Attributes {
    /// How long one write of a file may wait for its reader before the connection is closed
    /// (see ``StalledWrite``); nil for no limit.
    var stallLimit: Duration? { get }
}

extension RequestedFileProvider {
    var stallLimit: Duration? { nil }

    /// The watch over a response's writes, for a server whose context can close its connection.
    func stalledWrite(context: some RequestContext) -> StalledWrite? {
        guard let stallLimit, let control = context as? any ConnectionControl else { return nil }
        return StalledWrite(limit: stallLimit, eventLoop: control.eventLoop, close: control.closeConnection, catchUp: control.catchUp)
    }

    func getFileIdentifier(_ path: String) -> RequestedFile? {
        RequestedFile(requestPath: path)
    }

    func loadFile(id: RequestedFile, context: some RequestContext) async throws -> ResponseBody {
        let body = try Self.opened(id)
        return Self.send(body, first: 0, last: body.size - 1, stall: stalledWrite(context: context))
    }

    func loadFile(id: RequestedFile, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let body = try Self.opened(id)
        // A range that starts past the end is 416, with the length, as RFC 9110 has it.
        guard range.lowerBound >= 0, range.lowerBound < body.size else {
            throw HTTPError(.rangeNotSatisfiable, headers: [.contentRange: "bytes */\(body.size)"])
        }
        return Self.send(body, first: range.lowerBound, last: min(range.upperBound, body.size - 1), stall: stalledWrite(context: context))
    }

    private static func opened(_ id: RequestedFile) throws -> RequestedFile.Body {
        guard let body = id.opened.withLock({ $0 }) else { throw HTTPError(.notFound) }
        return body
    }

    /// Bytes `first...last` of `body`; a file is read a chunk at a time as it is sent.
    private static func send(_ body: RequestedFile.Body, first: Int, last: Int, stall: StalledWrite?) -> ResponseBody {
        guard last >= first else { return ResponseBody() }
        switch body {
        case .bytes(let data):
            return ResponseBody(byteBuffer: ByteBuffer(bytes: data[data.startIndex + first...data.startIndex + last]))
        case .file(let file):
            return ResponseBody(contentLength: last - first + 1) { writer in
                if let stall {
                    try await stall.watching { stall in try await write(file, first...last, to: &writer, stall: stall) }
                } else {
                    try await write(file, first...last, to: &writer, stall: nil)
                }
                try await writer.finish(nil)
            }
        }
    }

    /// Bytes `bytes` of `file`, read and written a chunk at a time.
    private static func write(_ file: BlogFile, _ bytes: ClosedRange<Int>, to writer: inout any ResponseBodyWriter, stall: StalledWrite?) async throws {
        var offset = bytes.lowerBound
        while offset <= bytes.upperBound {
            guard let data = file.read(at: offset, count: min(BlogFile.chunk, bytes.upperBound - offset + 1)), !data.isEmpty else {
                throw HTTPError(.internalServerError, message: "the file became shorter while it was sent")
            }
            if let stall {
                try await stall.write { try await writer.write(ByteBuffer(bytes: data)) }
            } else {
                try await writer.write(ByteBuffer(bytes: data))
            }
            offset += data.count
        }
    }
}

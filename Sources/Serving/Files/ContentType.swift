/// The `Content-Type` of a site file, by its extension, for the kinds of files blogs hold.
import Hummingbird

enum ContentType {
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static let html = "text/html; charset=utf-8"

    /// The same table for Hummingbird's `FileMiddleware`, both cases of each extension.
    static var mediaTypes: [String: MediaType] {
        var table: [String: MediaType] = [:]
        for (name, type) in types {
            guard let media = MediaType(from: type) else { continue }
            table[name] = media
            table[name.uppercased()] = media
        }
        return table
    }

    private static let types: [String: String] = [
        "html": html, "htm": html, "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json", "map": "application/json",
        "xml": "application/xml; charset=utf-8", "rss": "application/rss+xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8", "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg",
        "wav": "audio/wav", "flac": "audio/flac", "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "pdf": "application/pdf",
        "wasm": "application/wasm", "zip": "application/zip", "gz": "application/gzip", "webmanifest": "application/manifest+json",
    ]
}

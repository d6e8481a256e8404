import Foundation
import Hummingbird

/// The path a request is shown to Hummingbird's `FileMiddleware` under. FileMiddleware answers
/// 400 to any path holding `..`, even inside a name (`release-1..2.txt`), which
/// ``RequestPath`` allows: each run of dots in a name is shown as underscores and one dot (the
/// file's extension stays, for its content type), and ``Files`` takes the name back to the
/// real one for that request alone, so no other path can reach the real name through it.
struct ShownPath: Sendable {
    /// The decoded path as FileMiddleware reads the request's: `/a/b` or `/a/b/`.
    let real: String
    /// The same with no `..` in it.
    let shown: String

    init(_ path: RequestPath) {
        let suffix = path.namesFolder && !path.parts.isEmpty ? "/" : ""
        real = "/" + path.parts.joined(separator: "/") + suffix
        shown = "/" + path.parts.map(Self.withoutDoubleDots).joined(separator: "/") + suffix
    }

    /// Whether the request must be shown under another path.
    var differs: Bool { real != shown }

    /// The request target that FileMiddleware decodes to ``shown``: its only odd characters
    /// are the request's own, which are encoded.
    var target: String {
        "/" + shown.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "" }.joined(separator: "/")
            + (shown.count > 1 && shown.hasSuffix("/") ? "/" : "")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func withoutDoubleDots(_ name: String) -> String {
        guard name.contains("..") else { return name }
        var shown = ""
        var dots = 0
        for character in name {
            if character == "." {
                dots += 1
                continue
            }
            if dots > 0 { shown += String(repeating: "_", count: dots - 1) + "." }
            dots = 0
            shown.append(character)
        }
        if dots > 0 { shown += String(repeating: "_", count: dots - 1) + "." }
        return shown
    }

    /// `provider`, asked for the real path where FileMiddleware asks for the shown one (or for
    /// an index page below it).
    struct Files<Provider: RequestedFileProvider>: RequestedFileProvider {
        let provider: Provider
        let path: ShownPath

        func getFileIdentifier(_ asked: String) -> RequestedFile? {
            guard path.differs, asked.hasPrefix(path.shown) else { return provider.getFileIdentifier(asked) }
            return provider.getFileIdentifier(path.real + asked.dropFirst(path.shown.count))
        }

        func getAttributes(id: RequestedFile) async throws -> RequestedFile.Attributes? {
            try await provider.getAttributes(id: id)
        }

        var stallLimit: Duration? { provider.stallLimit }
    }
}

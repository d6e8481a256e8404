/// Zola's links by file: `[the next post](@/blog/second.md#setup)` names a document by its path
/// under Zola's `content/`, and Zola turns it into that document's address. Posts moved from
/// Zola keep them, so a body's `@/` links are resolved here before its Markdown is read.
///
/// Only a link destination is one: `](@/…` and a reference definition's `]: @/…`, outside code
/// and math. The replacement has no line break in it, so a body keeps its lines.
struct ContentPathLinks {
    /// What a body came to: its text with each link's address in place of its path.
    struct Result {
        var text: String
        var references: [BodyReference] = []
        var notes: [ExpandedBody.Note] = []
    }

    /// Whether `body` may hold such a link at all: most bodies do not.
    static func mayHold(_ body: String) -> Bool {
        UTF8Search.contains("@/", in: body)
    }

    /// Resolves the `@/` links of `body` outside `protected` (its code and math byte ranges,
    /// sorted) to the addresses `links` gives, under `basePath`.
    static func resolve(_ body: String, protected: [Range<Int>], links: BodyLinks, basePath: String) -> Result {
        let bytes = Array(body.utf8)
        var result = Result(text: "")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var nextProtected = 0
        var search = 0
        let marker = Array("@/".utf8)
        while let at = bytes.withUnsafeBufferPointer({ UTF8Search.offset(of: marker, in: $0, from: search) }) {
            search = at + 2
            while nextProtected < protected.count, protected[nextProtected].upperBound <= at { nextProtected += 1 }
            if nextProtected < protected.count, protected[nextProtected].contains(at) { continue }
            guard isDestination(bytes, at) else { continue }
            var end = at + 2
            while end < bytes.count, !isDestinationEnd(bytes[end]) { end += 1 }
            let written = String(decoding: bytes[at + 2..<end], as: UTF8.self)
            guard let address = address(of: written, at: at, links: links, basePath: basePath, into: &result) else { continue }
            output += bytes[copied..<at]
            output += Array(address.utf8)
            copied = end
            search = end
        }
        guard copied > 0 else {
            result.text = body
            return result
        }
        output += bytes[copied...]
        result.text = String(decoding: output, as: UTF8.self)
        return result
    }

    /// Whether the `@/` at `at` starts a link's destination: right after `](`, or after `]:`
    /// and spaces, as a reference definition has it.
    private static func isDestination(_ bytes: [UInt8], _ at: Int) -> Bool {
        guard at >= 2 else { return false }
        if bytes[at - 1] == UInt8(ascii: "("), bytes[at - 2] == UInt8(ascii: "]") { return true }
        var before = at - 1
        while before > 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
        return before >= 1 && before < at - 1 && bytes[before] == UInt8(ascii: ":") && bytes[before - 1] == UInt8(ascii: "]")
    }

    private static func isDestinationEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
    }

    /// The address the link `written` (after `@/`) leads to, or nil when it is left as it is,
    /// with a note saying why.
    private static func address(of written: String, at offset: Int, links: BodyLinks, basePath: String, into result: inout Result) -> String? {
        var name = written
        var fragment = ""
        if let hash = written.firstIndex(of: "#") {
            name = String(written[..<hash])
            fragment = String(written[hash...])
        }
        if name == "_index.md" || name.isEmpty {
            // The content folder's own page: Zola's home page.
            return basePath + fragment
        }
        let source = links.document(named: name)
        let path = source.flatMap(links.path(of:))
        result.references.append(BodyReference(name: name, path: path))
        if let path { return basePath + path.drop { $0 == "/" } + fragment }
        if name.hasSuffix("/_index.md") {
            result.notes.append(.init(offset: offset, message: "the link @/\(written) names a section's list page, which Galley does not make; it leads to the home page", isError: false))
            return basePath + fragment
        }
        result.notes.append(.init(offset: offset, message: "the link @/\(written) names no post or page of this blog (or one this build does not publish)", isError: true))
        return nil
    }
}

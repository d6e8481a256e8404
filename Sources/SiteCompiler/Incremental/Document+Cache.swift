import CacheFiles
import Diagnostics
import Foundation
import FrontMatter
import Markdown
import Shortcodes
import SiteContent

// How posts and pages are kept in the build cache, so an unchanged file is neither parsed nor
// rendered again.

extension YAMLValue {
    func encode(to writer: inout CacheWriter) {
        switch self {
        case .scalar(let text, let plain, let line):
            writer.int(0); writer.string(text); writer.bool(plain); writer.int(line)
        case .sequence(let items, let line):
            writer.int(1); writer.array(items) { $1.encode(to: &$0) }; writer.int(line)
        case .mapping(let pairs, let line):
            writer.int(2)
            writer.array(pairs) { writer, pair in
                writer.string(pair.key)
                pair.value.encode(to: &writer)
            }
            writer.int(line)
        case .null(let line):
            writer.int(3); writer.int(line)
        }
    }

    static func decode(from reader: inout CacheReader) throws -> YAMLValue {
        switch try reader.int() {
        case 0: return .scalar(try reader.string(), plain: try reader.bool(), line: try reader.int())
        case 1: return .sequence(try reader.array { try YAMLValue.decode(from: &$0) }, line: try reader.int())
        case 2:
            let pairs = try reader.array { reader in (key: try reader.string(), value: try YAMLValue.decode(from: &reader)) }
            return .mapping(pairs, line: try reader.int())
        case 3: return .null(line: try reader.int())
        default: throw CacheReader.Damaged()
        }
    }
}

extension RenderedDocument {
    func encode(to writer: inout CacheWriter) {
        let d = document
        writer.string(d.kind.rawValue)
        writer.string(d.sourcePath)
        writer.string(d.title)
        writer.string(d.slug)
        writer.optional(d.date) { $0.double($1.timeIntervalSinceReferenceDate) }
        writer.optional(d.updated) { $0.double($1.timeIntervalSinceReferenceDate) }
        writer.optional(d.dateOffset) { $0.int($1) }
        writer.array(d.tags) { $0.string($1) }
        writer.array(d.categories) { $0.string($1) }
        writer.bool(d.draft)
        writer.optional(d.summary) { $0.string($1) }
        writer.optional(d.layout) { $0.string($1.name); $0.int($1.line) }
        writer.array(d.aliases) { $0.string($1.path); $0.int($1.line) }
        writer.optional(d.audio) { writer, audio in
            writer.string(audio.url); writer.int(audio.length); writer.string(audio.type)
            writer.optional(audio.duration) { $0.int($1) }
        }
        writer.int(d.weight)
        writer.array(d.authors) { $0.string($1) }
        // The params as one blob, decoded only when a page shows them; whether they have a
        // `site` key is asked of every post each build, so the answer is kept beside them.
        writer.bool(paramsHaveSiteKey)
        var params = CacheWriter()
        params.array(d.params.sorted { $0.key < $1.key }) { writer, pair in
            writer.string(pair.key)
            pair.value.encode(to: &writer)
        }
        writer.raw(params.bytes)
        // The Markdown is not needed again: its HTML is stored below.
        writer.string("")
        writer.int(d.bodyLine)
        writer.string(d.path)
        writer.array(d.assets) { $0.string($1) }
        // Nor is the HTML body: a rebuild shows few bodies (the feeds', the pages it renders
        // anew), and a cache without them reads and writes in a fraction of the time.
        Self.write(storedExcerpt, to: &writer)
        writer.bool(hasMore)
        Self.write(storedSummary, to: &writer)
        writer.int(wordCount)
        writer.array(listings.known) { writer, known in
            writer.int(known.fields)
            writer.fingerprint(known.fingerprint)
        }
        writer.array(warnings) { writer, warning in
            writer.int(warning.line ?? 0)
            writer.int(warning.column ?? 0)
            writer.string(warning.message)
        }
        writer.array(references) { writer, reference in
            writer.string(reference.name)
            writer.optional(reference.path) { $0.string($1) }
            writer.bool(reference.orFile)
        }
        writer.array(pictures) { $0.string($1) }
        writer.array(localLinks) { writer, link in
            writer.string(link.target)
            writer.int(link.line)
            writer.int(link.column)
            writer.bool(link.isImage)
        }
    }

    /// Writes a text as ``CacheWriter/string(_:)`` does: bytes read from the cache go back as
    /// they are, without being made a String on the way.
    private static func write(_ text: StoredText, to writer: inout CacheWriter) {
        switch text {
        case .string(let string): writer.string(string)
        case .utf8(let bytes): writer.raw(bytes)
        }
    }

    /// Reads what ``encode(to:)`` wrote; `html` renders the body again when a page needs it.
    static func decode(from reader: inout CacheReader, html: @escaping @Sendable (_ document: Document) -> String) throws -> RenderedDocument {
        guard let kind = Document.Kind(rawValue: try reader.string()) else { throw CacheReader.Damaged() }
        let sourcePath = try reader.string(), title = try reader.string(), slug = try reader.string()
        let date = try reader.optional { Date(timeIntervalSinceReferenceDate: try $0.double()) }
        let updated = try reader.optional { Date(timeIntervalSinceReferenceDate: try $0.double()) }
        let dateOffset = try reader.optional { try $0.int() }
        let tags = try reader.array { try $0.string() }, categories = try reader.array { try $0.string() }
        let draft = try reader.bool()
        let summary = try reader.optional { try $0.string() }
        let layout = try reader.optional { (name: try $0.string(), line: try $0.int()) }
        let aliases = try reader.array { (path: try $0.string(), line: try $0.int()) }
        let audio = try reader.optional { reader in
            Audio(url: try reader.string(), length: try reader.int(), type: try reader.string(), duration: try reader.optional { try $0.int() })
        }
        let weight = try reader.int()
        let authors = try reader.array { try $0.string() }
        let paramsHaveSiteKey = try reader.bool()
        // Decoded when first asked for. The file's checksum vouches for them whole, as written
        // (a skip over every document's params, from before there was one, was a tenth of the
        // documents' decoding on each edit of a big blog).
        let paramsBytes = try reader.raw()
        let params = Document.paramsWhenAsked {
            var reader = CacheReader(paramsBytes)
            var params: [String: YAMLValue] = [:]
            let pairs = (try? reader.array { reader in (try reader.string(), try YAMLValue.decode(from: &reader)) }) ?? []
            for (key, value) in pairs { params[key] = value }
            return params
        }
        let body = try reader.string(), bodyLine = try reader.int(), path = try reader.string()
        let assets = try reader.array { try $0.string() }
        var read = Document(
            kind: kind, sourcePath: sourcePath, title: title, slug: slug, date: date, updated: updated, tags: tags, categories: categories, draft: draft,
            summary: summary, layout: layout, aliases: aliases, audio: audio, weight: weight, authors: authors, params: params,
            body: body, bodyLine: bodyLine, path: path, assets: assets)
        read.dateOffset = dateOffset
        let document = read
        // Kept as the file's bytes until read: few of them are (see ``StoredText``).
        let excerpt = try reader.raw(), hasMore = try reader.bool(), plainSummary = try reader.raw(), wordCount = try reader.int()
        let listings = try reader.array { reader in (fields: try reader.int(), fingerprint: try reader.fingerprint()) }
        let warnings = try reader.array { reader in
            let line = try reader.int(), column = try reader.int()
            return Diagnostic(path: sourcePath, line: line == 0 ? nil : line, column: column == 0 ? nil : column, message: try reader.string())
        }
        let references = try reader.array { reader in
            BodyReference(name: try reader.string(), path: try reader.optional { try $0.string() }, orFile: try reader.bool())
        }
        let pictures = try reader.array { try $0.string() }
        let localLinks = try reader.array { reader in
            LocalLink(target: try reader.string(), line: try reader.int(), column: try reader.int(), isImage: try reader.bool())
        }
        return RenderedDocument(document: document, html: html, excerpt: .utf8(excerpt), hasMore: hasMore, summary: .utf8(plainSummary),
                                wordCount: wordCount, listings: ListingDigests(listings), paramsHaveSiteKey: paramsHaveSiteKey,
                                warnings: warnings, references: references, pictures: pictures, localLinks: localLinks)
    }
}

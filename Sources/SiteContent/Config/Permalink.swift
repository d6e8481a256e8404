import Dates
import Foundation
import Text

/// The URL pattern for posts, such as `/:year/:month/:day/:slug/`.
///
/// A pattern ending in `/` gives each post a folder with an `index.html`; one ending in `.html`
/// gives it a file of its own.
package struct Permalink: Sendable, Equatable {
    /// The placeholders a pattern may use.
    package static let placeholders = [":year", ":month", ":day", ":hour", ":minute", ":second", ":slug", ":title", ":categories"]

    package let pattern: String
    /// The pattern taken apart once: every post's address is made from it.
    private let pieces: [Piece]

    private enum Piece: Equatable {
        case text(Substring)
        case year, month, day, hour, minute, second, title, slug, categories
    }

    /// A checked pattern, or nil.
    package init?(pattern: String) {
        guard let checked = try? Permalink(validating: pattern) else { return nil }
        self = checked
    }

    /// A checked pattern, or a message that says what is wrong with it.
    package init(validating pattern: String) throws(ConfigMessage) {
        try self.init(validating: pattern, ofOnePost: false)
    }

    /// A checked pattern; one post's own (`permalink:` in its front matter, as Jekyll allows)
    /// needs neither `:slug` nor a particular ending, since the address it makes is checked
    /// (and given its ending) as a whole.
    init(validating pattern: String, ofOnePost: Bool) throws(ConfigMessage) {
        guard ofOnePost || pattern.hasPrefix("/") else {
            throw ConfigMessage("permalink '\(pattern)' must start with '/'")
        }
        guard ofOnePost || pattern.hasSuffix("/") || pattern.hasSuffix(".html") else {
            throw ConfigMessage("permalink '\(pattern)' must end with '/' or '.html'")
        }
        guard ofOnePost || pattern.contains(":slug") || pattern.contains(":title") else {
            throw ConfigMessage("permalink '\(pattern)' needs :slug or :title, or every post of a day would share one address")
        }
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let tail = rest[colon...]
            guard let match = Self.placeholders.first(where: { tail.hasPrefix($0) }) else {
                let word = tail.prefix { $0 == ":" || $0.isLetter }
                throw ConfigMessage("permalink '\(pattern)' uses unknown placeholder '\(word)'; known: \(Self.placeholders.joined(separator: " "))")
            }
            rest = tail.dropFirst(match.count)
        }
        guard !pattern.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            throw ConfigMessage("permalink '\(pattern)' must not contain '.' or '..' segments")
        }
        // Each would name a file no link reaches: a browser asks for the part before `?` or `#`,
        // and a server decodes `%2e%2e` to `..`.
        if pattern.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            throw ConfigMessage("permalink '\(PrintableText.of(pattern, keepingLines: false))' must not contain control characters or backslashes")
        }
        if let mark = pattern.first(where: { $0 == "?" || $0 == "#" }) {
            throw ConfigMessage("permalink '\(pattern)' must not contain '\(mark)': a browser asks for the address before it, and no post is there")
        }
        guard !pattern.contains("%") else {
            throw ConfigMessage("permalink '\(pattern)' must not contain '%': write the characters themselves")
        }
        guard !pattern.contains("//") else {
            throw ConfigMessage("permalink '\(pattern)' must not contain an empty folder name ('//')")
        }
        self.pattern = pattern
        pieces = Self.pieces(of: pattern)
    }

    /// Text and placeholders in order. A placeholder takes the whole word of letters after its
    /// colon (`:years` prints the year alone).
    private static func pieces(of pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            if colon > rest.startIndex { pieces.append(.text(rest[..<colon])) }
            let tail = rest[colon...]
            switch true {
            case tail.hasPrefix(":year"): pieces.append(.year)
            case tail.hasPrefix(":month"): pieces.append(.month)
            case tail.hasPrefix(":day"): pieces.append(.day)
            case tail.hasPrefix(":hour"): pieces.append(.hour)
            case tail.hasPrefix(":minute"): pieces.append(.minute)
            case tail.hasPrefix(":second"): pieces.append(.second)
            case tail.hasPrefix(":title"): pieces.append(.title)
            case tail.hasPrefix(":slug"): pieces.append(.slug)
            case tail.hasPrefix(":categories"): pieces.append(.categories)
            default: pieces.append(.text(":"))
            }
            let word = tail.dropFirst().prefix { $0.isLetter }
            rest = tail.dropFirst(1 + word.count)
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }

    /// Whether the pattern puts a post's title in its address.
    var usesTitle: Bool { pieces.contains(.title) }

    /// The site-relative URL path for a post (`/2019/10/08/hello/`); `slugs` makes the title a
    /// part of it.
    func path(date: Date, in calendar: Calendar, slug: String, title: String, categories: [String] = [], slugs: SlugRule = .galley) -> String {
        let time = Self.civilTime(date, in: calendar)
        func pad(_ value: Int, _ width: Int = 2) -> String { CivilTime.digits(value, width) }
        let categoryPath = categories.isEmpty ? "" : Self.segments(of: categories)
        var path = ""
        for piece in pieces {
            switch piece {
            case .text(let text): path += text
            case .year: path += pad(time.year, 4)
            case .month: path += pad(time.month)
            case .day: path += pad(time.day)
            case .hour: path += pad(time.hour)
            case .minute: path += pad(time.minute)
            case .second: path += pad(time.second)
            case .title: path += slugs.title(title)
            case .slug: path += slug
            case .categories: path += categoryPath
            }
        }
        // No categories leave no empty folder name (`/:categories/:slug/` is `/hello/`), as Jekyll has it.
        if categoryPath.isEmpty, pieces.contains(.categories) {
            while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        }
        return path
    }

    /// `:categories`: each category lower-cased, as Jekyll writes it, one folder each. A name
    /// that is not a safe folder name so (`Big Deal`, `../x`) is made a slug (`big-deal`).
    static func segments(of categories: [String]) -> String {
        var seen = Set<String>()
        var segments: [String] = []
        for category in categories {
            let lowered = category.lowercased()
            let segment = Slug.isSafeSegment(lowered) && lowered.contains(where: { $0 != "." }) ? lowered : Slug.make(category)
            if !segment.isEmpty, seen.insert(segment).inserted { segments.append(segment) }
        }
        return segments.joined(separator: "/")
    }

    /// The date's parts in the calendar's zone, as ``CivilTime`` gives them (Julian dates before
    /// 1583, as the calendar counts them).
    private static func civilTime(_ date: Date, in calendar: Calendar) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let time = CivilTime(date, offset: calendar.timeZone.secondsFromGMT(for: date))
        return (time.year, time.month, time.day, time.hour, time.minute, time.second)
    }
}

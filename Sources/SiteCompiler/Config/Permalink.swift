import Foundation

/// The URL pattern for posts, such as `/:year/:month/:day/:slug/`.
///
/// A pattern ending in `/` gives each post a folder with an `index.html`; one ending in `.html`
/// gives it a file of its own.
public struct Permalink: Sendable, Equatable {
    /// The placeholders a pattern may use.
    public static let placeholders = [":year", ":month", ":day", ":hour", ":minute", ":second", ":slug", ":title"]

    public let pattern: String

    /// A checked pattern, or nil.
    public init?(pattern: String) {
        guard (try? Permalink(validating: pattern)) != nil else { return nil }
        self.pattern = pattern
    }

    /// A checked pattern, or a message that says what is wrong with it.
    public init(validating pattern: String) throws(ConfigMessage) {
        guard pattern.hasPrefix("/") else {
            throw ConfigMessage("permalink '\(pattern)' must start with '/'")
        }
        guard pattern.hasSuffix("/") || pattern.hasSuffix(".html") else {
            throw ConfigMessage("permalink '\(pattern)' must end with '/' or '.html'")
        }
        guard pattern.contains(":slug") || pattern.contains(":title") else {
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
        self.pattern = pattern
    }

    /// The site-relative URL path for a post (`/2019/10/08/hello/`).
    func path(date: Date, in calendar: Calendar, slug: String, title: String) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var path = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            path += rest[..<colon]
            let tail = rest[colon...]
            switch true {
            case tail.hasPrefix(":year"): path += pad(parts.year, 4)
            case tail.hasPrefix(":month"): path += pad(parts.month)
            case tail.hasPrefix(":day"): path += pad(parts.day)
            case tail.hasPrefix(":hour"): path += pad(parts.hour)
            case tail.hasPrefix(":minute"): path += pad(parts.minute)
            case tail.hasPrefix(":second"): path += pad(parts.second)
            case tail.hasPrefix(":title"): path += Slug.make(title)
            case tail.hasPrefix(":slug"): path += slug
            default: path += ":"
            }
            let word = tail.dropFirst().prefix { $0.isLetter }
            rest = tail.dropFirst(1 + word.count)
        }
        path += rest
        return path
    }
}

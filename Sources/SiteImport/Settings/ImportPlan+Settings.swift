import Diagnostics
import Foundation
import FrontMatter
import SiteCompiler
import SiteContent

/// Each setting checked as galley.yml will check it, so that what the import writes is what a
/// build reads, and what cannot be carried is noted rather than written to fail later.
extension ImportPlan {
    mutating func setTitle(_ value: YAMLValue?, from subject: String) {
        if let title = value?.text {
            settings.title = title
        } else if let shape = value.flatMap(Self.shape(ofNonText:)) {
            // A list or a table where the title goes is a title of another shape, not none.
            check(subject, "the title is \(shape), not text; galley.yml says '\(GalleySettings.placeholderTitle)': change it")
        } else {
            check(subject, "the site has no title; galley.yml says '\(GalleySettings.placeholderTitle)': change it")
        }
    }

    /// "a list" or "a table" for a value of either shape; nil for text or nothing.
    static func shape(ofNonText value: YAMLValue) -> String? {
        switch value {
        case .sequence: "a list"
        case .mapping: "a table"
        case .scalar, .null: nil
        }
    }

    mutating func setDescription(_ value: YAMLValue?) {
        if let description = value?.text { settings.description = description }
    }

    /// The base URL, or the placeholder with a note when the site has none (or a bad one).
    mutating func setBaseURL(_ raw: String?, from subject: String) {
        guard let raw, !raw.isEmpty else {
            check(subject, "the site names no address; galley.yml says \(GalleySettings.placeholderBaseURL): put the blog's real address in base_url")
            return
        }
        switch SiteConfig.parseBaseURL(raw) {
        case .success(let url):
            settings.baseURL = url.absoluteString
        case .failure(let problem):
            check(subject, "\(problem.message); galley.yml says \(GalleySettings.placeholderBaseURL): put the blog's real address in base_url")
        }
    }

    mutating func setTimezone(_ value: YAMLValue?, from subject: String) {
        guard let name = value?.text else { return }
        guard TimeZone(identifier: name) != nil else {
            check(subject, "'\(name)' is not a timezone Galley knows (an IANA name such as Europe/Berlin); dates without an offset are read in UTC")
            return
        }
        settings.timezone = name
    }

    mutating func setPerPage(_ value: YAMLValue?, from subject: String) {
        guard let value else { return }
        if case .null = value { return }
        guard let number = value.int, (1...InputLimits.listLength).contains(number) else {
            check(subject, "'\(value.string ?? "…")' is not a number of posts from 1 to \(InputLimits.listLength); Galley shows \(SiteConfig.defaults.perPage) a page")
            return
        }
        settings.perPage = number
    }

    /// A language tag, written the BCP 47 way (`en_US` and `en-us` are `en-US`).
    mutating func setLanguage(_ value: YAMLValue?) {
        guard let raw = value?.text else { return }
        var parts = raw.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            return
        }
        parts[0] = first.lowercased()
        for index in parts.indices.dropFirst() where parts[index].count == 2 { parts[index] = parts[index].uppercased() }
        settings.language = parts.joined(separator: "-")
    }

    /// The author: a name, or a mapping with a name and an email and address.
    mutating func setAuthor(_ value: YAMLValue?, from subject: String) {
        guard let value, value.string != nil || value.pairs != nil else { return }
        if let name = value.text {
            settings.author = GalleySettings.Author(name: name)
            return
        }
        guard let name = value.value(ignoringCase: "name")?.text else {
            check(subject, "an author without a name is not carried; galley.yml's author is the title")
            return
        }
        let url = value.value(ignoringCase: "url")?.text ?? value.value(ignoringCase: "uri")?.text
        settings.author = GalleySettings.Author(name: name, email: value.value(ignoringCase: "email")?.text, url: url)
    }

    /// The post address pattern, when Galley reads it as it stands; else a note, and Galley's default.
    mutating func setPermalink(_ pattern: String, from subject: String, original: String) {
        do {
            settings.permalink = try Permalink(validating: pattern).pattern
        } catch {
            check(subject, "'\(original)' became '\(pattern)', which Galley cannot use (\(error.message)); posts get Galley's \(SiteConfig.defaults.permalink) and move: set permalink, or add aliases")
        }
    }

    /// Notes the settings keys that nothing carried: everything of `keys` but `used`.
    mutating func leaveOut(keys: [String], except used: Set<String>, in file: String) {
        let unused = keys.filter { !used.contains($0.lowercased()) }
        guard !unused.isEmpty else { return }
        leaveOut(file, "settings with no Galley meaning: \(unused.joined(separator: ", "))")
    }

    /// Notes the taxonomies `names` (plural, as Hugo and Zola name them) that Galley has no
    /// pages for: tags and categories are Galley's own, any other is not carried.
    mutating func noteTaxonomies(_ names: [String], from subject: String) {
        let others = names.filter { !["tags", "categories"].contains($0.lowercased()) }
        guard !others.isEmpty else { return }
        leaveOut(subject, "Galley has tags and categories; \(others.joined(separator: ", ")) get no pages of their own and posts' values for them are not listed")
    }
}

import Diagnostics
import Text

/// The names a layout may read, for `galley build --strict`: every name some value of a page's
/// context has (the guide's layout variables), swift-mustache's transforms and sequence names, and
/// the keys a blog gives itself (galley.yml's, front matter's). A tag that reads any other name
/// prints nothing, the way swift-mustache renders a name it cannot find: a misspelling
/// (`{{page.titel}}`) would pass silently.
///
/// The reading is by name, not by place: `{{page.name}}` passes because tags have a `name`.
/// Only a name no value anywhere has is reported, which is what a typo gives.
package enum LayoutVocabulary {
    /// The names Galley's values have, at any depth (`site`, `page`, a post in a list, a date,
    /// pagination, a tag, audio, a shortcode's arguments).
    package static let provided: Set<String> = [
        // What every layout gets, and what list layouts get.
        "site", "page", "posts", "pagination", "years", "tags", "tag", "categories", "category",
        // site
        "title", "description", "author", "name", "email", "url", "base_url", "base_path", "language", "timezone", "pages",
        "params", "noindex", "posts_count", "has_tags", "has_categories", "feed_url", "atom_url", "json_feed_url",
        "archive_url", "tags_url", "categories_url", "home_url", "generator", "year", "strings", "favicon", "ico", "svg", "image",
        "custom_css",
        // page
        "kind", "is_post", "is_page", "is_home", "is_archive", "is_tags", "is_tag", "is_categories", "is_category",
        "is_not_found", "permalink", "content", "excerpt", "summary", "word_count", "reading_time", "source", "date",
        "updated", "draft", "audio", "previous", "next", "nav", "anchored_content", "authors", "toc", "json_ld",
        // a post in a list, a tag or category, a year
        "has_more", "slug", "count",
        // audio
        "absolute_url", "length", "type", "duration", "duration_text",
        // pagination
        "current", "total", "is_paginated", "has_previous", "has_next", "previous_url", "next_url", "number", "is_current",
        "gap_before",
        // a date
        "format", "iso8601", "rfc3339", "rfc822", "month", "day", "month_name", "short_month", "compact", "weekday", "time", "unix",
        // a shortcode layout
        "args", "positional", "inner",
        // swift-mustache: inside a list, and a map's entries
        "first", "last", "index", "even", "odd", "key", "value",
    ]

    /// swift-mustache's transforms, `{{uppercased(page.title)}}`.
    package static let transforms: Set<String> = [
        "capitalized", "count", "empty", "enumerated", "equalzero", "even", "first", "index", "last", "lowercased", "minusone",
        "odd", "plusone", "reversed", "sorted", "uppercased",
    ]

    /// A problem for each tag of the layouts `texts` (by name, each from the file `origins`
    /// names) that reads a name neither Galley's values nor `blogNames` have. A layout whose
    /// tags cannot be read this way (changed delimiters) is left out.
    package static func unknownNames(in texts: [String: String], origins: [String: String], blogNames: Set<String>) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let known = provided.union(blogNames)
        for (layout, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let tags = LayoutReads.tags(in: text) else { continue }
            // A shortcode's named arguments are whatever a post writes.
            let isShortcode = layout.hasPrefix("shortcodes/")
            for tag in tags where tag.sigil == nil || "&{#^".contains(tag.sigil!) {
                guard let problem = problem(with: tag.body, known: known, isShortcode: isShortcode) else { continue }
                found.append(Diagnostic(path: origins[layout] ?? layout, line: tag.line, message: problem))
            }
        }
        return found
    }

    /// What is wrong with the tag `body`, when it reads an unknown name or transform.
    private static func problem(with body: String, known: Set<String>, isShortcode: Bool) -> String? {
        var path = Substring(body)
        // `uppercased(page.title)`: transforms around a name.
        while let open = path.firstIndex(of: "("), path.hasSuffix(")") {
            let transform = String(path[..<open])
            if !transforms.contains(transform) {
                let meant = EditDistance.suggestion(for: transform, among: transforms.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                return "{{\(body)}} uses '\(transform)', which is no transform swift-mustache has\(meant); it prints nothing"
            }
            path = path[path.index(after: open)..<path.index(before: path.endIndex)]
        }
        var segments = path.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
        if isShortcode, segments.first == "args" { segments = ["args"] }
        for segment in segments where !known.contains(segment) && !segment.allSatisfy(\.isNumber) {
            let meant = EditDistance.suggestion(for: segment, among: known.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            return "{{\(body)}} reads '\(segment)', which no value of a page has\(meant); it prints nothing"
        }
        return nil
    }
}

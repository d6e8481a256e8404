import Dates
import Foundation
import Mustache
import SiteContent

/// A date as layouts see it.
///
/// `{{page.date}}` prints in the site's `date_format`; `{{page.date.iso8601}}`,
/// `{{page.date.rfc822}}`, `{{page.date.year}}`, `{{page.date.month}}`, `{{page.date.day}}`,
/// `{{page.date.month_name}}`, `{{page.date.weekday}}` and `{{page.date.compact}}` (`10 Apr 2014`)
/// are ready-made; and
/// `{{#page.date.format}}MMMM do, yyyy{{/page.date.format}}` prints any ``DatePattern``.
///
/// A class: layouts look into it through casts from `Any`, and each cast of a struct this size
/// copies it whole, where a reference costs one retain.
package final class DateValue: MustacheParent, MustacheCustomRenderable, Sendable {
    let date: Date
    let style: DateStyle
    // The forms list pages print for every post, worked out once: Calendar is slow enough that
    // formatting them afresh for each of a big blog's list entries shows in the build time.
    private let text: String
    private let iso8601: String
    private let compact: String

    init(date: Date, style: DateStyle) {
        self.date = date
        self.style = style
        let offset = style.local.offset(at: date)
        let time = CivilTime(date, offset: offset)
        text = style.local.format(time, style.defaultFormat, offset: offset, date)
        if style.sharesZone {
            iso8601 = style.english.format(time, DateFormat.rfc3339, offset: offset, date)
        } else {
            iso8601 = style.english.rfc3339(date)
        }
        compact = style.local.format(time, DateStyle.compact, offset: offset, date)
    }

    package var renderText: String { text }

    /// The date in `pattern`, a ``DatePattern`` with white space around it.
    func formatted(_ pattern: String) -> String {
        style.local.format(date, pattern.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    package var isNull: Bool { false }

    package func child(named name: String) -> Any? {
        switch name {
        case "format":
            // A Substring, not a String: swift-mustache reads a String a lambda returns as a
            // template, and text quoted in a pattern (`'{'{'>post}}'`) would make a tag of it.
            return MustacheLambda { [self] pattern in Substring(formatted(pattern)) }
        case "iso8601", "rfc3339": return iso8601
        case "rfc822": return style.english.rfc822(date)
        case "year": return style.local.format(date, DateFormat.year)
        case "month": return style.local.format(date, "MM")
        case "day": return style.local.format(date, "dd")
        case "month_name": return style.local.format(date, "MMMM")
        case "short_month": return style.local.format(date, "MMM")
        case "compact": return compact
        case "weekday": return style.local.format(date, "EEEE")
        case "time": return style.local.format(date, "HH:mm")
        case "unix": return Int(date.timeIntervalSince1970)
        default: return nil
        }
    }
}

/// The formatters a site's dates share: its own language and zone for readers, English for machines.
///
/// A class: every date a build shows holds its style, and a struct of this many parts costs a
/// dozen retains each time it is copied into one.
package final class DateStyle: Sendable {
    let local: DatePattern
    package let english: DatePattern
    /// Whether both formatters are in one zone, so that a date's offset serves both.
    let sharesZone: Bool
    /// The site's `date_format`, read once.
    let defaultFormat: DateFormat
    /// `{{date.compact}}`, `10 Apr 2014`.
    static let compact = DateFormat("d MMM yyyy")

    /// The same formatters in each zone a post's date was written in, by its offset in seconds.
    private let written: [Int: DateStyle]

    /// The formatters of `config`, and of each of `offsets` (seconds from UTC) that posts' dates
    /// were written in.
    init(config: SiteConfig, offsets: Set<Int> = []) {
        local = DatePattern(calendar: config.calendar)
        english = DatePattern.english(config.timeZone)
        defaultFormat = DateFormat(config.dateFormat)
        sharesZone = local.timeZone == english.timeZone
        var written: [Int: DateStyle] = [:]
        for offset in offsets {
            guard let zone = TimeZone(secondsFromGMT: offset) else { continue }
            var zoned = config
            zoned.timeZone = zone
            written[offset] = DateStyle(config: zoned)
        }
        self.written = written
    }

    func value(_ date: Date) -> DateValue { DateValue(date: date, style: self) }

    /// A document's date, in the offset it was written with when it keeps one: in the site's
    /// zone where that was its offset on the day, as on most posts. On the day, not today: a
    /// post written at +01:00 in July shows +01:00 in Berlin whatever the season of the build.
    func value(of document: Document) -> DateValue? {
        guard let date = document.date else { return nil }
        guard let offset = document.dateOffset, offset != local.offset(at: date), let zoned = written[offset] else {
            return DateValue(date: date, style: self)
        }
        return DateValue(date: date, style: zoned)
    }
}

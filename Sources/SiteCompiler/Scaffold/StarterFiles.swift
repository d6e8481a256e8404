import Dates
import Foundation

/// The text of the files a new blog starts with: each shows what its kind of file can hold, so
/// that a new blogger learns by changing them.
struct StarterFiles {
    let title: String
    let baseURL: URL?
    let timeZone: TimeZone
    let now: Date

    private var dates: DatePattern {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return DatePattern(calendar: calendar)
    }

    /// `posts/2026-11-26-welcome.md`, dated today in the blog's timezone.
    var firstPostPath: String { "posts/\(dates.format(now, "yyyy-MM-dd"))-welcome.md" }

    /// galley.yml, every setting a new blog needs with a line on what it does.
    var settings: String {
        let address = baseURL.map { "base_url: \(FrontMatterText.quoted($0.absoluteString))" }
            ?? "# base_url: https://example.com/"
        return """
            # The settings of this blog. Only title is required to build it (galley deploy needs
            # base_url too); the rest show their defaults.

            # The blog's name, at the top of every page and in the feeds.
            title: \(FrontMatterText.quoted(title))
            # One line about the blog, for feeds and search results.
            description: ""
            # Who writes it; the title unless set (a name, or name, email and url under it).
            # author: Your Name
            # Where the blog is published; feeds, the sitemap and galley deploy need it, a local build does not.
            \(address)
            # Dates without an offset are in this timezone, and pages show dates in it.
            timezone: \(timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)
            # The language of the blog (en, en-GB, de, fr…), for month names and <html lang>.
            language: en
            # Where a post is published: :year :month :day :slug :title :categories.
            permalink: /:year/:month/:day/:slug/
            # How many posts the home page shows; /page/2/ and on hold the rest.
            per_page: 10
            # How many posts the feeds carry; 0 for all of them.
            feed_limit: 20
            # How a date prints: d MMMM yyyy is 26 November 2026, yyyy-MM-dd is 2026-11-26.
            date_format: d MMMM yyyy

            """
    }

    var firstPost: String {
        """
        ---
        title: \(FrontMatterText.quoted("Welcome to \(title)"))
        date: \(dates.rfc3339(now))
        tags: [meta]
        ---

        This is the first post of the blog. It lives in `\(firstPostPath)`, and the front matter
        between the `---` lines above gives its title, date and tags. Change it, or delete it once
        there are posts of your own.

        <!--more-->

        ## Writing the next one

        A new post starts with one command, run in this folder; it prints the file it made:

        ```sh
        galley new post "What I learned this week"
        galley build
        ```

        The site is written to `_site/`. Posts are Markdown: *emphasis*, **strong**, lists, tables,
        footnotes, and links such as this one to the [about page](/about/).

        ![A page on the proof press](/images/proof.svg)

        Images and any other file in `static/` are published at the same address, as
        `static/images/proof.svg` is at `/images/proof.svg`.

        """
    }

    var aboutPage: String {
        """
        ---
        title: About
        weight: 1
        ---

        A few words about the blog and who writes it. Pages live in `pages/`: this one,
        `pages/about.md`, is published at `/about/` and shows in the navigation.

        """
    }

    static let imagePath = "static/images/proof.svg"

    /// A small drawing of a proof sheet, so that `static/` holds something a post shows.
    static let image = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" width="320" height="200" role="img">
          <title>A galley proof</title>
          <rect x="40" y="8" width="80" height="84" rx="2" fill="#fffdf7" stroke="#8a7f6a" stroke-width="2"/>
          <g stroke="#b9ae98" stroke-width="3" stroke-linecap="round">
            <line x1="52" y1="24" x2="108" y2="24"/>
            <line x1="52" y1="36" x2="104" y2="36"/>
            <line x1="52" y1="48" x2="108" y2="48"/>
            <line x1="52" y1="60" x2="96" y2="60"/>
            <line x1="52" y1="72" x2="106" y2="72"/>
          </g>
          <path d="M100 58 l8 -8 l6 6 l-8 8 z" fill="#c0392b"/>
        </svg>

        """

    /// What a build leaves in the blog folder: the site, the cache, and the spare folder and
    /// lock beside the site.
    static let gitignore = """
        _site/
        .galley-cache/
        ._site.galley-*

        """
}

import Text

/// A page Galley writes itself, outside any blog (the index of previews, a preview's changes
/// page): the default theme's stylesheet, a masthead, no script, and kept out of search engines.
package struct PlainPage: Sendable {
    /// The `<title>` and the heading, as plain text.
    package var title: String
    /// More CSS, after the theme's.
    package var style: String
    /// The contents of `<main>`, as HTML.
    package var body: String

    package init(title: String, style: String = "", body: String) {
        self.title = title
        self.style = style
        self.body = body
    }

    package var html: String {
        let title = HTMLEscape.text(self.title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(title)</title>
            <style>
            \(Theme.defaultStylesheet)
            body { max-width: 64rem; }
            \(style)
            </style>
            </head>
            <body>
            <header class="masthead"><h1 class="site-title">\(title)</h1></header>
            <main id="main">
            \(body)</main>
            </body>
            </html>

            """
    }
}
